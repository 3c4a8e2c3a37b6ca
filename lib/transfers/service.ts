import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { notifications, transfers } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditEntry, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, fieldError, forbidden, notFound } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { transferInReach } from "./queries";
import type { CreateTransferInput } from "./schemas";

/** The spec's success texts (§8). */
const TRANSFER_REQUESTED = "Student Transfer Requested";
const TRANSFER_APPROVED = "Transfer Request Approved";
const TRANSFER_DECLINED = "Transfer Request Declined";
/** The spec names no withdrawal; this reads as its siblings. */
const TRANSFER_WITHDRAWN = "Transfer Request Withdrawn";

interface Place {
  location_id: number;
  district_id: number;
  region_id: number;
  name: string;
}

/** An active location of the tenant with its district and region (the receiving side may be anywhere). */
async function placeOf(t: number, locationId: number): Promise<Place | undefined> {
  const [place] = await rows<Place>(
    db(),
    sql`select l.id as location_id, l.district_id, d.region_id, l.name from locations l
      join districts d on d.tenant_id = ${t} and d.id = l.district_id
      where l.tenant_id = ${t} and l.id = ${locationId} and l.active`,
  );
  return place;
}

/**
 * Request a transfer: the sending side (the enrollment's location lies in the admin's reach) asks to
 * move it to a location anywhere in the tenant; the receiving side decides. One open request per
 * enrollment (409 for a second). Audited with the locations before and after.
 */
export async function createTransfer(actor: Actor, input: CreateTransferInput, origin: AuditOrigin = {}) {
  authorize(actor, "transfers.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [enrollment] = await rows<{ location_id: number }>(
      db(),
      sql`select e.location_id from student_enrollments e join students s on s.tenant_id = ${t} and s.id = e.student_id and s.merged_into_student_id is null
        where e.tenant_id = ${t} and e.id = ${input.enrollmentId} and e.student_id = ${input.studentId} and e.active
          and ${locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE)}
        for update of e`,
    );
    if (!enrollment) throw notFound();
    const destination = await placeOf(t, input.locationId);
    if (!destination) throw notFound("Location not found");
    if (destination.location_id === enrollment.location_id) throw fieldError("locationId", "The student is already enrolled at this location");
    const [created] = await db()
      .insert(transfers)
      .values({
        tenantId: t,
        studentId: input.studentId,
        studentEnrollmentId: input.enrollmentId,
        originLocationId: enrollment.location_id,
        destinationLocationId: destination.location_id,
        requestedBy: actor.userId,
      })
      .returning({ id: transfers.id })
      .catch((error: unknown) => {
        if (isUniqueViolation(error, "transfers_one_pending_key")) throw new AppError(409, "A transfer of this enrollment is already waiting for a decision");
        throw error;
      });
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "transfer",
          entityId: created.id,
          studentId: input.studentId,
          details: { enrollmentId: input.enrollmentId, before: { locationId: enrollment.location_id }, after: { locationId: destination.location_id } },
        },
      ],
      origin,
    );
    return { message: TRANSFER_REQUESTED, transfer: await transferInReach(actor, created.id) };
  });
}

interface OpenTransfer {
  id: number;
  student_id: number;
  student_enrollment_id: number;
  origin_location_id: number;
  destination_location_id: number;
  status: string;
  deleted: boolean;
  requested_by: number | null;
  tenant_unique_id: string;
  destination_in_reach: boolean;
  origin_in_reach: boolean;
}

/**
 * Approve or decline (spec: PUT /transfers/{id} isApproved). Only the receiving side decides: an
 * admin who reaches only the sending side gets 403, one who reaches neither 404. Approval moves the
 * enrollment itself to the new location, so its scores, evidence, supports, results and grade history
 * go with it (the progress triggers move the counts); the sending teachers' roster entries and groups
 * end, so they lose access. The requester is told by a notification. All in one transaction.
 */
export async function decideTransfer(actor: Actor, id: number, isApproved: boolean, origin: AuditOrigin = {}) {
  authorize(actor, "transfers.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [transfer] = await rows<OpenTransfer>(
      db(),
      sql`select tr.id, tr.student_id, tr.student_enrollment_id, tr.origin_location_id, tr.destination_location_id, tr.status, tr.deleted, tr.requested_by,
          s.tenant_unique_id, ${locationInReach(actor, sql`tr.destination_location_id`, ADMINISTRATIVE)} as destination_in_reach,
          ${locationInReach(actor, sql`tr.origin_location_id`, ADMINISTRATIVE)} as origin_in_reach
        from transfers tr join students s on s.tenant_id = ${t} and s.id = tr.student_id
        where tr.tenant_id = ${t} and tr.id = ${id} for update of tr`,
    );
    if (!transfer || (!transfer.destination_in_reach && !transfer.origin_in_reach)) throw notFound();
    if (!transfer.destination_in_reach) throw forbidden();
    if (transfer.status !== "pending" || transfer.deleted) throw new AppError(409, "This transfer has already been decided");
    const destination = await placeOf(t, transfer.destination_location_id);
    if (!destination) throw new AppError(409, "The receiving location is no longer active");

    const audit: AuditEntry[] = [];
    if (isApproved) audit.push(...(await moveEnrollment(t, transfer, destination)));
    await db()
      .update(transfers)
      .set({ status: isApproved ? "approved" : "declined", decidedBy: actor.userId, decidedAt: new Date(), updatedAt: new Date() })
      .where(sql`${transfers.tenantId} = ${t} and ${transfers.id} = ${id}`);
    const message = isApproved ? TRANSFER_APPROVED : TRANSFER_DECLINED;
    if (transfer.requested_by !== null && transfer.requested_by !== actor.userId) {
      await db()
        .insert(notifications)
        .values({
          tenantId: t,
          userId: transfer.requested_by,
          type: "transfer",
          message: `${message}: student ${transfer.tenant_unique_id} to ${destination.name}`,
          metadata: { transferId: id, studentId: transfer.student_id, isApproved },
        });
    }
    audit.unshift({
      action: isApproved ? "approve" : "decline",
      entityType: "transfer",
      entityId: id,
      studentId: transfer.student_id,
      details: { before: { status: "pending" }, after: { status: isApproved ? "approved" : "declined" } },
    });
    await writeAudit(actor, audit, origin);
    return { message, transfer: await transferInReach(actor, id) };
  });
}

/**
 * Withdraw a request (DELETE /transfers/{id}): the sending side only, while it waits for a decision.
 * The row stays, marked deleted (the spec's transfer field), and shows in the history as withdrawn; a
 * new request for the enrollment may then be made. The receiving side alone gets 403, neither side
 * 404, a decided or withdrawn request 409.
 */
export async function withdrawTransfer(actor: Actor, id: number, origin: AuditOrigin = {}) {
  authorize(actor, "transfers.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [transfer] = await rows<
      Pick<OpenTransfer, "id" | "student_id" | "student_enrollment_id" | "status" | "deleted" | "origin_in_reach" | "destination_in_reach">
    >(
      db(),
      sql`select tr.id, tr.student_id, tr.student_enrollment_id, tr.status, tr.deleted,
          ${locationInReach(actor, sql`tr.destination_location_id`, ADMINISTRATIVE)} as destination_in_reach,
          ${locationInReach(actor, sql`tr.origin_location_id`, ADMINISTRATIVE)} as origin_in_reach
        from transfers tr where tr.tenant_id = ${t} and tr.id = ${id} for update of tr`,
    );
    if (!transfer || (!transfer.destination_in_reach && !transfer.origin_in_reach)) throw notFound();
    if (!transfer.origin_in_reach) throw forbidden();
    if (transfer.status !== "pending" || transfer.deleted) throw new AppError(409, "This transfer has already been decided or withdrawn");
    await db()
      .update(transfers)
      .set({ deleted: true, decidedBy: actor.userId, decidedAt: new Date(), updatedAt: new Date() })
      .where(sql`${transfers.tenantId} = ${t} and ${transfers.id} = ${id}`);
    await writeAudit(
      actor,
      [
        {
          action: "withdraw",
          entityType: "transfer",
          entityId: id,
          studentId: transfer.student_id,
          details: { enrollmentId: transfer.student_enrollment_id, before: { status: "pending" }, after: { status: "withdrawn" } },
        },
      ],
      origin,
    );
    return { message: TRANSFER_WITHDRAWN, transfer: await transferInReach(actor, id) };
  });
}

/** Move the enrollment to the destination; the audit rows of what changed. Runs in decideTransfer's transaction. */
async function moveEnrollment(t: number, transfer: OpenTransfer, destination: Place): Promise<AuditEntry[]> {
  const eid = transfer.student_enrollment_id;
  const [enrollment] = await rows<{ location_id: number; district_id: number; region_id: number; active: boolean; is_point_of_authority: boolean }>(
    db(),
    sql`select location_id, district_id, region_id, active, is_point_of_authority from student_enrollments where tenant_id = ${t} and id = ${eid} for update`,
  );
  if (!enrollment?.active || enrollment.location_id !== transfer.origin_location_id) {
    throw new AppError(409, "The enrollment has changed since the transfer was requested");
  }
  // The sending teachers' groups and roster entries end with the move: they lose access to the child.
  await db().execute(sql`delete from group_members where tenant_id = ${t} and student_enrollment_id = ${eid}`);
  const unrostered = await rows<{ user_id: number }>(
    db(),
    sql`delete from enrollment_associations where tenant_id = ${t} and student_enrollment_id = ${eid} returning user_id`,
  );
  await db().execute(sql`update student_enrollments set location_id = ${destination.location_id}, district_id = ${destination.district_id},
    region_id = ${destination.region_id}, updated_at = now() where tenant_id = ${t} and id = ${eid}`);
  const entries: AuditEntry[] = [
    {
      action: "transfer",
      entityType: "student_enrollment",
      entityId: eid,
      studentId: transfer.student_id,
      details: {
        transferId: transfer.id,
        before: { locationId: enrollment.location_id, districtId: enrollment.district_id, regionId: enrollment.region_id },
        after: { locationId: destination.location_id, districtId: destination.district_id, regionId: destination.region_id },
        rosterEntriesEnded: unrostered.map((r) => r.user_id),
      },
    },
  ];
  if (enrollment.is_point_of_authority) {
    await db().execute(sql`update students set parent_location_id = ${destination.location_id}, updated_at = now()
      where tenant_id = ${t} and id = ${transfer.student_id}`);
    entries.push({
      action: "transfer",
      entityType: "student",
      entityId: transfer.student_id,
      studentId: transfer.student_id,
      details: {
        transferId: transfer.id,
        fields: ["parentLocationId"],
        before: { parentLocationId: enrollment.location_id },
        after: { parentLocationId: destination.location_id },
      },
    });
  }
  return entries;
}
