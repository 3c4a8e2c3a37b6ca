import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { scoreHistory, scores, studentResults } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { auditInsert, writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { badRequest, conflict, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import { selectGrades, toGrade } from "./grades";
import { rosteredTo, teacherCollection } from "./roster";
import type { CommentInput, Grade, SaveScoreInput, StudentProgress } from "./score-schemas";

export const SCORE_MESSAGES = {
  itemNotInCollection: "Item is not part of this collection's assessment",
  entryNotOnScale: "Grade is not on this item's scale",
  windowClosed: "The assessment window is closed: scores can no longer be changed",
  windowNotOpen: "The assessment window has not opened yet",
  studentNotFound: "Student not found",
  gradeNotFound: "Grade not found",
  hasEvidence: "This grade has evidence attached: remove the evidence before clearing the grade",
} as const;

/** Teachers write only within the window: from cycle start to cycle end. */
function checkWindow(start: Date | string, end: Date | string, now = new Date()) {
  if (now < new Date(start)) throw conflict(SCORE_MESSAGES.windowNotOpen);
  if (now > new Date(end)) throw conflict(SCORE_MESSAGES.windowClosed);
}

/**
 * The grade a replayed requestKey wrote, as a subquery; a constant null without a key (a
 * subquery on a null key would still start parallel workers over the history for nothing).
 */
function replayOf(tenantId: number, requestKey: string | undefined): SQL {
  return requestKey ? sql`(select h.score_id from score_history h where h.tenant_id = ${tenantId} and h.request_key = ${requestKey})` : sql`null::int`;
}

interface SaveCheck {
  not_open: boolean;
  closed: boolean;
  student_id: number | null;
  item_scale_id: number | null;
  in_collection: boolean;
  entry_scale_id: number | null;
  replayed_score_id: number | null;
}

/**
 * A save in one statement: what it needs to know (window, roster, item, scale, replay) and, when all
 * of it holds, the grade (upsert on the scores key, skipped when unchanged) with its history row and
 * its audit row. It answers the check, so the caller names what refused a write that did not happen.
 * The child's results follow by trigger, at the end of the statement.
 */
async function checkAndWrite(actor: Actor, collectionId: number, input: SaveScoreInput, origin: AuditOrigin): Promise<SaveCheck> {
  const t = actor.tenantId;
  const check = sql`select now() < dc.cycle_start_date as not_open, now() > dc.cycle_end_date as closed,
      (select e.student_id from student_enrollments e where e.tenant_id = ${t} and e.id = ${input.studentEnrollmentId}
        and ${rosteredTo(actor, collectionId, sql`e.id`)}) as student_id,
      ci.assessment_item_id is not null as in_collection,
      coalesce(ci.scale_id, ai.scale_id) as item_scale_id,
      (select se.scale_id from scale_entries se where se.id = ${input.assessmentItemsScalesEntriesId}) as entry_scale_id,
      ${replayOf(t, input.requestKey)} as replayed_score_id
    from data_collections dc
    left join data_collection_items ci on ci.tenant_id = ${t} and ci.data_collection_id = dc.id and ci.assessment_item_id = ${input.assessmentItemsId}
    left join assessment_items ai on ai.id = ci.assessment_item_id
    where dc.tenant_id = ${t} and dc.id = ${collectionId} and ${teacherCollection(actor, collectionId)}`;
  const upsert = sql`insert into scores (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, entered_by)
    select ${t}, ${collectionId}, ${input.studentEnrollmentId}, ${input.assessmentItemsId}, ${input.assessmentItemsScalesEntriesId}, ${actor.userId}
    from chk where chk.student_id is not null and chk.replayed_score_id is null and chk.in_collection
      and chk.entry_scale_id = chk.item_scale_id and not chk.not_open and not chk.closed
    on conflict (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id)
    do update set scale_entry_id = excluded.scale_entry_id, entered_by = excluded.entered_by, updated_at = now()
    where scores.scale_entry_id is distinct from excluded.scale_entry_id
    returning id, comment, case when xmax = 0 then 'create' else 'update' end as action`;
  const details = { dataCollectionId: collectionId, assessmentItemId: input.assessmentItemsId, scaleEntryId: input.assessmentItemsScalesEntriesId };
  const audit = auditInsert(
    actor,
    { action: sql`up.action`, entityType: "score", entityId: sql`up.id`, studentId: sql`chk.student_id`, details },
    origin,
    sql`up, chk`,
  );
  const [row] = await rows<SaveCheck>(
    db(),
    sql`with chk as (${check}), up as (${upsert}), history as (
      insert into score_history (tenant_id, score_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, comment, action, changed_by, request_key)
      select ${t}, up.id, ${collectionId}, ${input.studentEnrollmentId}, ${input.assessmentItemsId}, ${input.assessmentItemsScalesEntriesId},
        up.comment, up.action::score_action, ${actor.userId}, ${input.requestKey ?? null} from up
    ), audit as (${audit})
    select * from chk`,
  );
  if (!row) throw notFound();
  return row;
}

async function gradeById(actor: Actor, collectionId: number, id: number): Promise<Grade | null> {
  const [row] = await selectGrades(actor.tenantId, collectionId, eq(scores.id, id));
  return row ? toGrade(row) : null;
}

async function progressOf(actor: Actor, collectionId: number, enrollmentId: number): Promise<StudentProgress> {
  const [row] = await db()
    .select({ progress: studentResults.progress, scoredItems: studentResults.scoredItems, totalItems: studentResults.totalItems })
    .from(studentResults)
    .where(
      and(eq(studentResults.tenantId, actor.tenantId), eq(studentResults.dataCollectionId, collectionId), eq(studentResults.studentEnrollmentId, enrollmentId)),
    );
  return { studentEnrollmentId: enrollmentId, progress: row?.progress ?? 0, scoredItems: row?.scoredItems ?? 0, totalItems: row?.totalItems ?? 0 };
}

/**
 * POST /data-collections/{id}/scores: set a rostered child's grade on an item (insert or change).
 * The grade, its history row, its audit row and the child's results (by trigger) commit together.
 * Setting the grade it already has changes nothing; a replayed requestKey answers the current grade.
 */
export async function saveScore(actor: Actor, collectionId: number, input: SaveScoreInput, origin: AuditOrigin = {}) {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    const check = await checkAndWrite(actor, collectionId, input, origin);
    if (check.student_id === null) throw notFound(SCORE_MESSAGES.studentNotFound);
    if (check.replayed_score_id !== null) {
      // A replay of a save whose grade was cleared since: the request did its work once, and stays done.
      const replayed = await gradeById(actor, collectionId, check.replayed_score_id);
      if (!replayed) throw conflict();
      return { grade: replayed, result: await progressOf(actor, collectionId, replayed.studentEnrollmentId) };
    }
    if (!check.in_collection) throw badRequest(SCORE_MESSAGES.itemNotInCollection);
    if (check.entry_scale_id === null || check.entry_scale_id !== check.item_scale_id) throw badRequest(SCORE_MESSAGES.entryNotOnScale);
    if (check.not_open) throw conflict(SCORE_MESSAGES.windowNotOpen);
    if (check.closed) throw conflict(SCORE_MESSAGES.windowClosed);
    return gradeAndProgress(actor, collectionId, input.studentEnrollmentId, input.assessmentItemsId);
  });
}

/** The cell's grade and the child's progress after a change, in one read. */
async function gradeAndProgress(actor: Actor, collectionId: number, enrollmentId: number, itemId: number) {
  const t = actor.tenantId;
  const [row] = await rows<{
    id: number;
    scale_entry_id: number;
    comment: string | null;
    artifacts: number;
    updated_at: Date | string;
    progress: number | null;
    scored: number | null;
    total: number | null;
  }>(
    db(),
    sql`select s.id, s.scale_entry_id, s.comment, s.updated_at,
      (select count(*)::int from score_artifacts a where a.tenant_id = ${t} and a.score_id = s.id) as artifacts,
      r.progress, r.scored_items as scored, r.total_items as total
    from scores s
    left join student_results r on r.tenant_id = ${t} and r.data_collection_id = ${collectionId} and r.student_enrollment_id = ${enrollmentId}
    where s.tenant_id = ${t} and s.data_collection_id = ${collectionId} and s.student_enrollment_id = ${enrollmentId} and s.assessment_item_id = ${itemId}`,
  );
  const grade: Grade = {
    id: row.id,
    studentEnrollmentId: enrollmentId,
    assessmentItemsId: itemId,
    assessmentItemsScalesEntriesId: row.scale_entry_id,
    comment: row.comment,
    artifactCount: Number(row.artifacts),
    updatedAt: toUnix(new Date(row.updated_at)) ?? 0,
  };
  const result: StudentProgress = { studentEnrollmentId: enrollmentId, progress: row.progress ?? 0, scoredItems: row.scored ?? 0, totalItems: row.total ?? 0 };
  return { grade, result };
}

interface GradeCheck {
  student_enrollment_id: number;
  student_id: number;
  cycle_start_date: Date | string;
  cycle_end_date: Date | string;
  artifacts: number;
  replayed: boolean;
}

/** The grade, when it is of a rostered child in the teacher's collection; else 404. */
async function gradeCheck(actor: Actor, collectionId: number, gradeId: number, requestKey?: string): Promise<GradeCheck> {
  const t = actor.tenantId;
  const [row] = await rows<GradeCheck>(
    db(),
    sql`select s.student_enrollment_id, e.student_id, dc.cycle_start_date, dc.cycle_end_date,
      (select count(*)::int from score_artifacts a where a.tenant_id = ${t} and a.score_id = s.id) as artifacts,
      ${replayOf(t, requestKey)} is not null as replayed
    from scores s
    join data_collections dc on dc.tenant_id = ${t} and dc.id = s.data_collection_id
    join student_enrollments e on e.tenant_id = ${t} and e.id = s.student_enrollment_id
    where s.tenant_id = ${t} and s.data_collection_id = ${collectionId} and s.id = ${gradeId}
      and ${teacherCollection(actor, collectionId)} and ${rosteredTo(actor, collectionId, sql`s.student_enrollment_id`)}`,
  );
  if (!row) throw notFound(SCORE_MESSAGES.gradeNotFound);
  return row;
}

/** PUT /data-collections/{id}/scores {id, comment}: the grade's comment (null or blank clears it). */
export async function commentScore(actor: Actor, collectionId: number, input: CommentInput, origin: AuditOrigin = {}) {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    const check = await gradeCheck(actor, collectionId, input.id, input.requestKey);
    if (!check.replayed) {
      checkWindow(check.cycle_start_date, check.cycle_end_date);
      // The same comment again changes nothing: no history row, no audit row.
      const [row] = await db()
        .update(scores)
        .set({ comment: input.comment, updatedAt: sql`now()` })
        .where(and(eq(scores.tenantId, actor.tenantId), eq(scores.id, input.id), sql`${scores.comment} is distinct from ${input.comment}`))
        .returning();
      if (row) {
        await db()
          .insert(scoreHistory)
          .values({
            tenantId: actor.tenantId,
            scoreId: row.id,
            dataCollectionId: collectionId,
            studentEnrollmentId: row.studentEnrollmentId,
            assessmentItemId: row.assessmentItemId,
            scaleEntryId: row.scaleEntryId,
            comment: row.comment,
            action: "update",
            changedBy: actor.userId,
            requestKey: input.requestKey ?? null,
          });
        const fields = ["comment"];
        await writeAudit(actor, [{ action: "update", entityType: "score", entityId: row.id, studentId: check.student_id, details: { fields } }], origin);
      }
    }
    const saved = await gradeById(actor, collectionId, input.id);
    return { grade: saved!, result: await progressOf(actor, collectionId, check.student_enrollment_id) };
  });
}

/** DELETE /data-collections/{id}/scores/{gradeId}: clear a grade. A grade with evidence is kept (409). */
export async function deleteScore(actor: Actor, collectionId: number, gradeId: number, requestKey?: string, origin: AuditOrigin = {}) {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    const t = actor.tenantId;
    const [replay] = requestKey
      ? await db()
          .select({ scoreId: scoreHistory.scoreId })
          .from(scoreHistory)
          .where(and(eq(scoreHistory.tenantId, t), eq(scoreHistory.requestKey, requestKey)))
      : [];
    if (replay) {
      const [gone] = await db()
        .select({ e: scoreHistory.studentEnrollmentId })
        .from(scoreHistory)
        .where(and(eq(scoreHistory.tenantId, t), eq(scoreHistory.scoreId, replay.scoreId)))
        .limit(1);
      return { deleted: { id: gradeId }, result: await progressOf(actor, collectionId, gone.e) };
    }
    const check = await gradeCheck(actor, collectionId, gradeId);
    checkWindow(check.cycle_start_date, check.cycle_end_date);
    if (check.artifacts > 0) throw conflict(SCORE_MESSAGES.hasEvidence);
    const [row] = await db()
      .delete(scores)
      .where(and(eq(scores.tenantId, t), eq(scores.id, gradeId)))
      .returning();
    await db()
      .insert(scoreHistory)
      .values({
        tenantId: t,
        scoreId: row.id,
        dataCollectionId: collectionId,
        studentEnrollmentId: row.studentEnrollmentId,
        assessmentItemId: row.assessmentItemId,
        scaleEntryId: null,
        comment: null,
        action: "delete",
        changedBy: actor.userId,
        requestKey: requestKey ?? null,
      });
    await writeAudit(
      actor,
      [
        {
          action: "delete",
          entityType: "score",
          entityId: row.id,
          studentId: check.student_id,
          details: { dataCollectionId: collectionId, assessmentItemId: row.assessmentItemId },
        },
      ],
      origin,
    );
    return { deleted: { id: row.id }, result: await progressOf(actor, collectionId, row.studentEnrollmentId) };
  });
}
