import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import {
  assessmentItems,
  dataCollectionItems,
  scaleEntries,
  schoolYears,
  scoreHistory,
  scoreMilestones,
  scoreSheets,
  studentEnrollments,
  tenantMilestones,
  users,
} from "@/db/schema";
import { getTeacherCollection } from "@/lib/collections/queries";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import type { CapturedMilestone, HistoryEntry, ScoreSheetEntry } from "./history-schemas";
import { requireRostered, rosteredTo, teacherCollection } from "./roster";

/**
 * The teacher's rostered enrollments of the child (students.id) in the collection; 404 when there
 * are none (another teacher's child, another tenant's, or not the teacher's collection). A child
 * moved between schools may hold more than one. Run inside forTenant.
 */
export async function rosteredEnrollments(actor: Actor, collectionId: number, studentId: number): Promise<number[]> {
  const rows = await db()
    .select({ id: studentEnrollments.id })
    .from(studentEnrollments)
    .where(
      and(
        eq(studentEnrollments.tenantId, actor.tenantId),
        eq(studentEnrollments.studentId, studentId),
        teacherCollection(actor, collectionId),
        rosteredTo(actor, collectionId, studentEnrollments.id),
      ),
    );
  if (!rows.length) throw notFound("Student not found");
  return rows.map((r) => r.id);
}

/** Every grade change of the child in the collection (of one item, when given), newest first. */
export async function gradeHistory(actor: Actor, collectionId: number, studentId: number, itemId?: number): Promise<HistoryEntry[]> {
  authorize(actor, "collections.teacherRead");
  const t = actor.tenantId;
  const h = scoreHistory;
  const rows = await forTenant(actor, async () => {
    const enrollments = await rosteredEnrollments(actor, collectionId, studentId);
    if (itemId !== undefined) {
      const [item] = await db()
        .select({ id: dataCollectionItems.id })
        .from(dataCollectionItems)
        .where(
          and(eq(dataCollectionItems.tenantId, t), eq(dataCollectionItems.dataCollectionId, collectionId), eq(dataCollectionItems.assessmentItemId, itemId)),
        )
        .limit(1);
      if (!item) throw notFound("Item not found");
    }
    return db()
      .select({
        id: h.id,
        assessmentItemsId: h.assessmentItemId,
        itemCode: assessmentItems.code,
        assessmentItemsScalesEntriesId: h.scaleEntryId,
        entryCode: scaleEntries.code,
        comment: h.comment,
        action: h.action,
        changedById: users.id,
        changedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
        changedAt: h.changedAt,
      })
      .from(h)
      .leftJoin(assessmentItems, eq(assessmentItems.id, h.assessmentItemId))
      .leftJoin(scaleEntries, eq(scaleEntries.id, h.scaleEntryId))
      .leftJoin(users, and(eq(users.tenantId, t), eq(users.id, h.changedBy)))
      .where(
        and(
          eq(h.tenantId, t),
          eq(h.dataCollectionId, collectionId),
          inArray(h.studentEnrollmentId, enrollments),
          itemId === undefined ? undefined : eq(h.assessmentItemId, itemId),
        ),
      )
      .orderBy(desc(h.changedAt), desc(h.id));
  });
  return rows.map(({ changedById, changedByName, changedAt, ...r }) => ({
    ...r,
    changedBy: changedById === null ? null : { id: changedById, name: changedByName ?? "" },
    changedAt: toUnix(changedAt) ?? 0,
  }));
}

/** Captured milestones with each frozen grade's entry code. Run inside forTenant. */
export async function withEntryCodes(
  rows: { id: number; tenantMilestoneId: number; label: string; capturedAt: Date; scores: { assessmentItemId: number; scaleEntryId: number }[] }[],
): Promise<CapturedMilestone[]> {
  const entryIds = [...new Set(rows.flatMap((r) => r.scores.map((s) => s.scaleEntryId)))];
  const entries = entryIds.length
    ? await db().select({ id: scaleEntries.id, code: scaleEntries.code }).from(scaleEntries).where(inArray(scaleEntries.id, entryIds))
    : [];
  const codes = new Map(entries.map((e) => [e.id, e.code]));
  return rows.map((r) => ({
    id: r.id,
    tenantMilestoneId: r.tenantMilestoneId,
    label: r.label,
    capturedAt: toUnix(r.capturedAt) ?? 0,
    scores: r.scores.map((s) => ({
      assessmentItemsId: s.assessmentItemId,
      assessmentItemsScalesEntriesId: s.scaleEntryId,
      entryCode: codes.get(s.scaleEntryId) ?? null,
    })),
  }));
}

/** The child's captured milestones in the collection, in the tenant's milestone order. */
export async function milestoneHistory(actor: Actor, collectionId: number, studentId: number): Promise<CapturedMilestone[]> {
  authorize(actor, "collections.teacherRead");
  const t = actor.tenantId;
  const m = scoreMilestones;
  return forTenant(actor, async () => {
    await rosteredEnrollments(actor, collectionId, studentId);
    const rows = await db()
      .select({ id: m.id, tenantMilestoneId: m.tenantMilestoneId, label: tenantMilestones.label, capturedAt: m.capturedAt, scores: m.scores })
      .from(m)
      .innerJoin(tenantMilestones, and(eq(tenantMilestones.tenantId, t), eq(tenantMilestones.id, m.tenantMilestoneId)))
      .where(and(eq(m.tenantId, t), eq(m.dataCollectionId, collectionId), eq(m.studentId, studentId)))
      .orderBy(tenantMilestones.sortOrder, tenantMilestones.id);
    return withEntryCodes(rows);
  });
}

/**
 * Score sheets generated in the collection, newest first: a rostered child's sheets (any author),
 * or without an enrollment the collection-wide sheets the teacher created.
 */
export async function scoreSheetHistory(actor: Actor, collectionId: number, studentEnrollmentId?: number): Promise<ScoreSheetEntry[]> {
  authorize(actor, "collections.teacherRead");
  const t = actor.tenantId;
  const s = scoreSheets;
  if (studentEnrollmentId === undefined) await getTeacherCollection(actor, collectionId);
  const rows = await forTenant(actor, async () => {
    if (studentEnrollmentId !== undefined) await requireRostered(actor, collectionId, [studentEnrollmentId]);
    return db()
      .select({ sheet: s, yearLabel: schoolYears.label })
      .from(s)
      .leftJoin(schoolYears, eq(schoolYears.id, s.schoolYearId))
      .where(
        and(
          eq(s.tenantId, t),
          eq(s.dataCollectionId, collectionId),
          // A class sheet still being built (or failed) has no file yet.
          eq(s.status, "complete"),
          studentEnrollmentId === undefined
            ? and(isNull(s.studentEnrollmentId), eq(s.createdBy, actor.userId))
            : eq(s.studentEnrollmentId, studentEnrollmentId),
        ),
      )
      .orderBy(desc(s.createdAt), desc(s.id));
  });
  return rows.map(({ sheet, yearLabel }) => ({
    id: sheet.id,
    parentDataCollectionId: sheet.dataCollectionId,
    studentEnrollmentId: sheet.studentEnrollmentId,
    schoolYear: sheet.schoolYearId === null || yearLabel === null ? null : { id: sheet.schoolYearId, label: yearLabel },
    createdBy: sheet.createdBy,
    createdAt: toUnix(sheet.createdAt) ?? 0,
    updatedAt: toUnix(sheet.updatedAt) ?? 0,
    originalFileName: sheet.originalFileName,
    s3FileName: sheet.s3FileName,
  }));
}
