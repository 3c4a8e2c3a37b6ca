import "server-only";
import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentHierarchyItems, assessments, dataCollections, schoolYears, scores } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { conflict, fieldError, forbidden, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import { collectionInReach } from "@/lib/organisations/reach";
import { buildCollection } from "./admin-reach";
import { DATE_FIELDS, type AdminCollection, type CreateCollectionInput, type UpdateCollectionInput } from "./admin-schemas";

/**
 * The administration of collections themselves (spec §7 GET, POST, PUT /data-collections and GET
 * /data-collections/{id}): dates as unix seconds on the wire, timestamptz in the database.
 */

function selectCollections() {
  return db()
    .select({
      id: dataCollections.id,
      parentTenantId: dataCollections.tenantId,
      schoolYearId: schoolYears.id,
      schoolYearLabel: schoolYears.label,
      parentDataCollectionId: dataCollections.parentDataCollectionId,
      collectionName: dataCollections.collectionName,
      assessmentId: assessments.id,
      assessmentName: assessments.name,
      taxonomy: assessments.taxonomy,
      cycleStartDate: dataCollections.cycleStartDate,
      cycleEndDate: dataCollections.cycleEndDate,
      enrollmentEndDate: dataCollections.enrollmentEndDate,
      dataDisplaysDate: dataCollections.dataDisplaysDate,
      reportAccessDate: dataCollections.reportAccessDate,
      isrAccessDate: dataCollections.isrAccessDate,
      omrAccessDate: dataCollections.omrAccessDate,
      isrTeacherDate: dataCollections.isrTeacherDate,
      hideToken: dataCollections.hideToken,
      scoring: dataCollections.scoring,
    })
    .from(dataCollections)
    .innerJoin(assessments, eq(assessments.id, dataCollections.assessmentId))
    .innerJoin(schoolYears, eq(schoolYears.id, dataCollections.schoolYearId));
}

type Row = Awaited<ReturnType<typeof selectCollections>>[number];

function toWire(r: Row): AdminCollection {
  return {
    id: r.id,
    parentTenantId: r.parentTenantId,
    schoolYear: { id: r.schoolYearId, label: r.schoolYearLabel },
    parentDataCollectionId: r.parentDataCollectionId,
    collectionName: r.collectionName,
    assessment: { id: r.assessmentId, name: r.assessmentName, taxonomy: r.taxonomy },
    cycleStartDate: toUnix(r.cycleStartDate)!,
    cycleEndDate: toUnix(r.cycleEndDate)!,
    enrollmentEndDate: toUnix(r.enrollmentEndDate)!,
    dataDisplaysDate: toUnix(r.dataDisplaysDate),
    reportAccessDate: toUnix(r.reportAccessDate),
    isrAccessDate: toUnix(r.isrAccessDate),
    omrAccessDate: toUnix(r.omrAccessDate),
    isrTeacherDate: toUnix(r.isrTeacherDate),
    hideToken: r.hideToken,
    scoring: r.scoring,
  };
}

const live = (actor: Actor) => and(eq(dataCollections.tenantId, actor.tenantId), isNull(dataCollections.deletedAt));

/** The tenant-level listing: every collection within the admin's reach, newest window first. */
export async function listAdminCollections(actor: Actor, filter: { schoolYear?: number } = {}): Promise<AdminCollection[]> {
  authorize(actor, "collections.manage");
  const rows = await forTenant(actor, () =>
    selectCollections()
      .where(
        and(live(actor), filter.schoolYear ? eq(dataCollections.schoolYearId, filter.schoolYear) : undefined, collectionInReach(actor, dataCollections.id)),
      )
      .orderBy(desc(dataCollections.cycleStartDate), desc(dataCollections.id)),
  );
  return rows.map(toWire);
}

export async function getAdminCollection(actor: Actor, id: number): Promise<AdminCollection> {
  authorize(actor, "collections.manage");
  const [row] = await forTenant(actor, () =>
    selectCollections().where(and(live(actor), eq(dataCollections.id, id), collectionInReach(actor, dataCollections.id))),
  );
  if (!row) throw notFound("Collection not found");
  return toWire(row);
}

const toDate = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v * 1000));

/** The assessment is offered to the tenant (a shared one or its own); the school year exists. */
async function checkReferences(actor: Actor, input: { assessmentId?: number; schoolYear?: number; parentDataCollectionId?: number | null }, selfId?: number) {
  if (input.assessmentId !== undefined) {
    const [a] = await db()
      .select({ id: assessments.id })
      .from(assessments)
      .where(and(eq(assessments.id, input.assessmentId), or(isNull(assessments.tenantId), eq(assessments.tenantId, actor.tenantId))));
    if (!a) throw fieldError("assessmentId", "Assessment not found");
  }
  if (input.schoolYear !== undefined) {
    const [y] = await db().select({ id: schoolYears.id }).from(schoolYears).where(eq(schoolYears.id, input.schoolYear));
    if (!y) throw fieldError("schoolYear", "School year not found");
  }
  if (input.parentDataCollectionId) {
    if (input.parentDataCollectionId === selfId) throw fieldError("parentDataCollectionId", "A collection cannot be its own parent");
    const [p] = await db()
      .select({ id: dataCollections.id })
      .from(dataCollections)
      .where(and(live(actor), eq(dataCollections.id, input.parentDataCollectionId)));
    if (!p) throw fieldError("parentDataCollectionId", "Parent collection not found");
  }
}

/** POST /data-collections: tenant admins build the tenant's collections. */
export async function createCollection(actor: Actor, input: CreateCollectionInput, origin: AuditOrigin = {}): Promise<AdminCollection> {
  authorize(actor, "collections.manage");
  if (!actor.tenantWide) throw forbidden();
  return forTenant(actor, async () => {
    await checkReferences(actor, input);
    const [row] = await db()
      .insert(dataCollections)
      .values({
        tenantId: actor.tenantId,
        schoolYearId: input.schoolYear,
        assessmentId: input.assessmentId,
        parentDataCollectionId: input.parentDataCollectionId ?? null,
        collectionName: input.collectionName,
        hideToken: input.hideToken ?? false,
        createdBy: actor.userId,
        ...Object.fromEntries(DATE_FIELDS.map((f) => [f, toDate(input[f]) ?? null])),
        cycleStartDate: new Date(input.cycleStartDate * 1000),
        cycleEndDate: new Date(input.cycleEndDate * 1000),
        enrollmentEndDate: new Date(input.enrollmentEndDate * 1000),
      })
      .returning({ id: dataCollections.id });
    const { schoolYear, ...rest } = input;
    await writeAudit(
      actor,
      [{ action: "create", entityType: "data_collection", entityId: row.id, details: { after: { ...rest, schoolYearId: schoolYear } } }],
      origin,
    );
    const [created] = await selectCollections().where(eq(dataCollections.id, row.id));
    return toWire(created);
  });
}

/**
 * PUT /data-collections: the named fields change; a change of the scoring rules recomputes the
 * children's results in the same transaction (the results read them, migration 0015).
 */
export async function updateCollection(actor: Actor, input: UpdateCollectionInput, origin: AuditOrigin = {}): Promise<AdminCollection> {
  return forTenant(actor, async () => {
    await buildCollection(actor, input.id);
    const [current] = await selectCollections().where(eq(dataCollections.id, input.id)).for("update", { of: dataCollections });
    const before = toWire(current);
    await checkReferences(actor, { schoolYear: input.schoolYear, parentDataCollectionId: input.parentDataCollectionId }, input.id);
    const start = input.cycleStartDate ?? before.cycleStartDate;
    const end = input.cycleEndDate ?? before.cycleEndDate;
    if (end < start) throw fieldError("cycleEndDate", "Cycle end date must be on or after the cycle start date");
    const wanted: Record<string, unknown> = { ...input, schoolYear: input.schoolYear === undefined ? undefined : input.schoolYear };
    const stored: Record<string, unknown> = { ...before, schoolYear: before.schoolYear.id };
    const fields = Object.keys(wanted).filter((k) => k !== "id" && wanted[k] !== undefined && JSON.stringify(wanted[k]) !== JSON.stringify(stored[k]));
    if (!fields.length) return before;
    const set: Record<string, unknown> = {};
    for (const f of fields) {
      if (f === "schoolYear") set.schoolYearId = input.schoolYear;
      else if ((DATE_FIELDS as readonly string[]).includes(f)) set[f] = toDate(wanted[f] as number | null);
      else set[f] = wanted[f];
    }
    await db()
      .update(dataCollections)
      .set({ ...set, updatedAt: sql`now()` })
      .where(and(eq(dataCollections.tenantId, actor.tenantId), eq(dataCollections.id, input.id)));
    if (fields.includes("scoring")) await db().execute(sql`select refresh_student_results(${actor.tenantId}, ${input.id}, null)`);
    const details = { fields, before: Object.fromEntries(fields.map((f) => [f, stored[f]])), after: Object.fromEntries(fields.map((f) => [f, wanted[f]])) };
    await writeAudit(actor, [{ action: "update", entityType: "data_collection", entityId: input.id, details }], origin);
    const [after] = await selectCollections().where(eq(dataCollections.id, input.id));
    return toWire(after);
  });
}

export const HAS_SCORES = "This collection has scores and cannot be deleted";

/**
 * DELETE /data-collections/{id} (the spec names no call; tenant admins): the collection leaves every
 * list (deleted_at; its rows stay for the audit trail). A collection with any score is refused with
 * 409, as is one that other collections name as their parent.
 */
export async function deleteCollection(actor: Actor, id: number, origin: AuditOrigin = {}): Promise<{ id: number }> {
  return forTenant(actor, async () => {
    await buildCollection(actor, id);
    const [current] = await selectCollections().where(eq(dataCollections.id, id)).for("update", { of: dataCollections });
    const [scored] = await db()
      .select({ id: scores.id })
      .from(scores)
      .where(and(eq(scores.tenantId, actor.tenantId), eq(scores.dataCollectionId, id)))
      .limit(1);
    if (scored) throw conflict(HAS_SCORES);
    const children = await db()
      .select({ name: dataCollections.collectionName })
      .from(dataCollections)
      .where(and(live(actor), eq(dataCollections.parentDataCollectionId, id)));
    if (children.length) throw conflict(`This collection is the parent of ${children.map((c) => c.name).join(", ")} and cannot be deleted`);
    await db()
      .update(dataCollections)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(dataCollections.tenantId, actor.tenantId), eq(dataCollections.id, id)));
    await writeAudit(
      actor,
      [{ action: "delete", entityType: "data_collection", entityId: id, details: { before: { collectionName: current.collectionName } } }],
      origin,
    );
    return { id };
  });
}

/** The domain codes of the collection's assessment (its top hierarchy items): the parts a raw-to-scale table may name beside "overall". */
export async function collectionDomains(actor: Actor, id: number): Promise<{ code: string; label: string }[]> {
  const collection = await getAdminCollection(actor, id);
  return forTenant(actor, () =>
    db()
      .select({ code: assessmentHierarchyItems.code, label: assessmentHierarchyItems.label })
      .from(assessmentHierarchyItems)
      .where(and(eq(assessmentHierarchyItems.assessmentId, collection.assessment.id), isNull(assessmentHierarchyItems.parentId)))
      .orderBy(asc(assessmentHierarchyItems.sortOrder), asc(assessmentHierarchyItems.code)),
  );
}
