import "server-only";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { groupMembers, groups, studentEnrollments, userOrganizations } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, collectionInReach, locationInReach } from "@/lib/organisations/reach";
import type { Group, GroupInput } from "./groups-schemas";
import { requireRostered, requireTeacherCollection } from "./roster";

/** Groups with their members, members filtered by `memberScope` (an enrollment condition) when given. */
async function withMembers(actor: Actor, found: { id: number; label: string; color: string }[], memberScope?: SQL): Promise<Group[]> {
  if (!found.length) return [];
  const members = await db()
    .select({ groupId: groupMembers.groupId, enrollmentId: groupMembers.studentEnrollmentId })
    .from(groupMembers)
    .innerJoin(studentEnrollments, and(eq(studentEnrollments.tenantId, actor.tenantId), eq(studentEnrollments.id, groupMembers.studentEnrollmentId)))
    .where(
      and(
        eq(groupMembers.tenantId, actor.tenantId),
        inArray(
          groupMembers.groupId,
          found.map((g) => g.id),
        ),
        memberScope,
      ),
    )
    .orderBy(asc(groupMembers.studentEnrollmentId));
  return found.map((g) => ({ ...g, enrollmentIds: members.filter((m) => m.groupId === g.id).map((m) => m.enrollmentId) }));
}

const groupColumns = { id: groups.id, label: groups.label, color: groups.color };

/** The teacher's own groups in one of their collections; any other collection answers 404. */
export async function listTeacherGroups(actor: Actor, collectionId: number): Promise<Group[]> {
  authorize(actor, "collections.teacherRead");
  return forTenant(actor, async () => {
    await requireTeacherCollection(actor, collectionId);
    const found = await db()
      .select(groupColumns)
      .from(groups)
      .where(and(eq(groups.tenantId, actor.tenantId), eq(groups.dataCollectionId, collectionId), eq(groups.userId, actor.userId)))
      .orderBy(asc(groups.label), asc(groups.id));
    return withMembers(actor, found);
  });
}

/**
 * Every teacher's groups of a collection the admin reaches, with only the members enrolled at a
 * location in the admin's scope; a group shows when its owner or one of its members is in scope.
 */
export async function listAdminGroups(actor: Actor, collectionId: number): Promise<Group[]> {
  authorize(actor, "collections.adminRead");
  return forTenant(actor, async () => {
    const t = actor.tenantId;
    const [collection] = await rows<{ id: number }>(
      db(),
      sql`select dc.id from data_collections dc where dc.tenant_id = ${t} and dc.id = ${collectionId} and dc.deleted_at is null
        and ${collectionInReach(actor, sql`dc.id`, ADMINISTRATIVE)}`,
    );
    if (!collection) throw notFound();
    const memberInScope = locationInReach(actor, sql`student_enrollments.location_id`, ADMINISTRATIVE);
    const found = await db()
      .select(groupColumns)
      .from(groups)
      .where(
        and(
          eq(groups.tenantId, t),
          eq(groups.dataCollectionId, collectionId),
          actor.tenantWide
            ? undefined
            : sql`(exists (select 1 from ${userOrganizations} uo where uo.tenant_id = ${t} and uo.user_id = ${groups.userId}
                  and uo.org_type = 'location' and ${locationInReach(actor, sql`uo.parent_id`, ADMINISTRATIVE)})
                or exists (select 1 from ${groupMembers} gm join ${studentEnrollments} on student_enrollments.tenant_id = ${t}
                  and student_enrollments.id = gm.student_enrollment_id
                  where gm.tenant_id = ${t} and gm.group_id = ${groups.id} and ${memberInScope}))`,
        ),
      )
      .orderBy(asc(groups.label), asc(groups.id));
    return withMembers(actor, found, memberInScope);
  });
}

/** The teacher's group in the collection, locked for the change; anyone else's answers 404. */
async function ownGroup(actor: Actor, collectionId: number, groupId: number) {
  const [row] = await db()
    .select(groupColumns)
    .from(groups)
    .where(and(eq(groups.tenantId, actor.tenantId), eq(groups.id, groupId), eq(groups.dataCollectionId, collectionId), eq(groups.userId, actor.userId)))
    .for("update");
  if (!row) throw notFound("Group not found");
  return row;
}

async function setMembers(actor: Actor, groupId: number, enrollmentIds: number[]): Promise<void> {
  await db()
    .delete(groupMembers)
    .where(and(eq(groupMembers.tenantId, actor.tenantId), eq(groupMembers.groupId, groupId)));
  const unique = [...new Set(enrollmentIds)];
  if (unique.length)
    await db()
      .insert(groupMembers)
      .values(unique.map((studentEnrollmentId) => ({ tenantId: actor.tenantId, groupId, studentEnrollmentId })));
}

async function checkInput(actor: Actor, collectionId: number, input: GroupInput): Promise<void> {
  await requireTeacherCollection(actor, collectionId);
  await requireRostered(actor, collectionId, input.enrollmentIds);
}

const FIELDS = ["label", "color", "enrollmentIds"];

export async function createGroup(actor: Actor, collectionId: number, input: GroupInput, origin?: AuditOrigin): Promise<Group> {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    await checkInput(actor, collectionId, input);
    const [row] = await db()
      .insert(groups)
      .values({ tenantId: actor.tenantId, dataCollectionId: collectionId, userId: actor.userId, label: input.label, color: input.color })
      .returning(groupColumns);
    await setMembers(actor, row.id, input.enrollmentIds);
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "group",
          entityId: row.id,
          details: { dataCollectionId: collectionId, enrollmentIds: input.enrollmentIds, fields: FIELDS },
        },
      ],
      origin,
    );
    const [group] = await withMembers(actor, [row]);
    return group;
  });
}

/** Replaces the group's label, colour and members. */
export async function updateGroup(actor: Actor, collectionId: number, groupId: number, input: GroupInput, origin?: AuditOrigin): Promise<Group> {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    await checkInput(actor, collectionId, input);
    await ownGroup(actor, collectionId, groupId);
    const [row] = await db()
      .update(groups)
      .set({ label: input.label, color: input.color, updatedAt: new Date() })
      .where(and(eq(groups.tenantId, actor.tenantId), eq(groups.id, groupId)))
      .returning(groupColumns);
    await setMembers(actor, groupId, input.enrollmentIds);
    await writeAudit(
      actor,
      [
        {
          action: "update",
          entityType: "group",
          entityId: groupId,
          details: { dataCollectionId: collectionId, enrollmentIds: input.enrollmentIds, fields: FIELDS },
        },
      ],
      origin,
    );
    const [group] = await withMembers(actor, [row]);
    return group;
  });
}

export async function deleteGroup(actor: Actor, collectionId: number, groupId: number, origin?: AuditOrigin): Promise<void> {
  authorize(actor, "scores.teacherWrite");
  await forTenant(actor, async () => {
    await requireTeacherCollection(actor, collectionId);
    await ownGroup(actor, collectionId, groupId);
    await db()
      .delete(groups)
      .where(and(eq(groups.tenantId, actor.tenantId), eq(groups.id, groupId)));
    await writeAudit(actor, [{ action: "delete", entityType: "group", entityId: groupId, details: { dataCollectionId: collectionId } }], origin);
  });
}
