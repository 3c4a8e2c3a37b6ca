import "server-only";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { scoreMilestones, scores, studentEnrollments, tenantMilestones } from "@/db/schema";
import { authorize, can } from "@/lib/auth/permissions";
import { getTeacherCollection } from "@/lib/collections/queries";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { conflict, forbidden, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import type { CapturedMilestone } from "./history-schemas";
import { rosteredEnrollments, withEntryCodes } from "./history";
import { MILESTONE_CLOSED, type ActiveMilestone, type CaptureMilestoneInput, type TenantMilestone } from "./milestones-schemas";
import { rosteredTo } from "./roster";

/** A milestone is open for capture while now lies within its start and end; one without both dates never is. */
const isOpen = () => sql<boolean>`coalesce(${tenantMilestones.startDate} <= now() and ${tenantMilestones.endDate} >= now(), false)`;

const wire = (r: typeof tenantMilestones.$inferSelect): TenantMilestone => ({
  id: r.id,
  label: r.label,
  description: r.description,
  startDate: toUnix(r.startDate),
  endDate: toUnix(r.endDate),
  sortOrder: r.sortOrder,
});

/** The tenant's milestones in order; any signed-in teacher or administrator reads them. */
export async function listTenantMilestones(actor: Actor): Promise<TenantMilestone[]> {
  if (!can(actor, "collections.teacherRead") && !can(actor, "collections.adminRead")) throw forbidden();
  const rows = await forTenant(actor, () =>
    db()
      .select()
      .from(tenantMilestones)
      .where(eq(tenantMilestones.tenantId, actor.tenantId))
      .orderBy(asc(tenantMilestones.sortOrder), asc(tenantMilestones.id)),
  );
  return rows.map(wire);
}

/**
 * The milestones open now, each with how far the teacher's capture has come in the collection: the
 * rostered children counted once each (a child may hold two enrollments), and those captured.
 */
export async function activeMilestones(actor: Actor, collectionId: number): Promise<ActiveMilestone[]> {
  authorize(actor, "collections.teacherRead");
  await getTeacherCollection(actor, collectionId);
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const open = await db()
      .select()
      .from(tenantMilestones)
      .where(and(eq(tenantMilestones.tenantId, t), isOpen()))
      .orderBy(asc(tenantMilestones.sortOrder), asc(tenantMilestones.id));
    const children = await db()
      .selectDistinct({ studentId: studentEnrollments.studentId })
      .from(studentEnrollments)
      .where(and(eq(studentEnrollments.tenantId, t), rosteredTo(actor, collectionId, studentEnrollments.id)));
    const studentIds = children.map((c) => c.studentId);
    const captured =
      open.length && studentIds.length
        ? await db()
            .select({ milestoneId: scoreMilestones.tenantMilestoneId, studentId: scoreMilestones.studentId })
            .from(scoreMilestones)
            .where(
              and(
                eq(scoreMilestones.tenantId, t),
                eq(scoreMilestones.dataCollectionId, collectionId),
                inArray(
                  scoreMilestones.tenantMilestoneId,
                  open.map((m) => m.id),
                ),
                inArray(scoreMilestones.studentId, studentIds),
              ),
            )
        : [];
    return open.map((m) => {
      const ids = captured
        .filter((c) => c.milestoneId === m.id)
        .map((c) => c.studentId)
        .sort((a, b) => a - b);
      return {
        ...wire(m),
        rosteredCount: studentIds.length,
        capturedCount: ids.length,
        captured: studentIds.length > 0 && ids.length === studentIds.length,
        capturedStudentIds: ids,
      };
    });
  });
}

/**
 * Freeze the child's current grades in the collection for an open milestone; capturing again
 * replaces the snapshot (one per child, collection and milestone). With two rostered enrollments the
 * latest grade of each item counts.
 */
export async function captureMilestone(actor: Actor, input: CaptureMilestoneInput, origin?: AuditOrigin): Promise<CapturedMilestone> {
  authorize(actor, "scores.teacherWrite");
  const t = actor.tenantId;
  const { studentId, dataCollectionId, tenantMilestoneId } = input;
  return forTenant(actor, async () => {
    const enrollments = await rosteredEnrollments(actor, dataCollectionId, studentId);
    const [milestone] = await db()
      .select({ id: tenantMilestones.id, label: tenantMilestones.label, open: isOpen() })
      .from(tenantMilestones)
      .where(and(eq(tenantMilestones.tenantId, t), eq(tenantMilestones.id, tenantMilestoneId)))
      .limit(1);
    if (!milestone) throw notFound("Milestone not found");
    if (!milestone.open) throw conflict(MILESTONE_CLOSED);
    const grades = await db()
      .selectDistinctOn([scores.assessmentItemId], { assessmentItemId: scores.assessmentItemId, scaleEntryId: scores.scaleEntryId })
      .from(scores)
      .where(and(eq(scores.tenantId, t), eq(scores.dataCollectionId, dataCollectionId), inArray(scores.studentEnrollmentId, enrollments)))
      .orderBy(asc(scores.assessmentItemId), desc(scores.updatedAt), desc(scores.id));
    const [row] = await db()
      .insert(scoreMilestones)
      .values({ tenantId: t, tenantMilestoneId, studentId, dataCollectionId, scores: grades, capturedBy: actor.userId })
      .onConflictDoUpdate({
        target: [scoreMilestones.tenantId, scoreMilestones.dataCollectionId, scoreMilestones.studentId, scoreMilestones.tenantMilestoneId],
        set: { scores: grades, capturedBy: actor.userId, capturedAt: sql`now()` },
      })
      .returning();
    await writeAudit(
      actor,
      [
        {
          action: "capture",
          entityType: "score_milestone",
          entityId: row.id,
          studentId,
          details: { tenantMilestoneId, dataCollectionId, scoreCount: grades.length },
        },
      ],
      origin,
    );
    const [captured] = await withEntryCodes([{ ...row, label: milestone.label }]);
    return captured;
  });
}
