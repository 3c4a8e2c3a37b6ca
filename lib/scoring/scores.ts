import "server-only";
import { isIP } from "node:net";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { scoreHistory, scores, studentResults } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, badRequest, conflict, notFound, unauthorized } from "@/lib/platform/errors";
import { forTenant, inTenantStatement } from "@/lib/platform/tenancy";
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

type CellOutcome = "ok" | "replayed" | "student" | "item" | "entry" | "not_open" | "closed" | "session" | "collection";

interface SavedRow {
  ord: number;
  outcome: CellOutcome;
  grade_id: number | null;
  student_enrollment_id: number | null;
  assessment_item_id: number | null;
  scale_entry_id: number | null;
  comment: string | null;
  artifacts: number | null;
  updated_at: Date | string | null;
  progress: number | null;
  scored_items: number | null;
  total_items: number | null;
}

/** A cell's answer: its grade and its child's progress, or the error that refused it. */
export type CellResult = { grade: Grade; result: StudentProgress } | { error: AppError };

const REFUSALS: Partial<Record<CellOutcome, () => AppError>> = {
  student: () => notFound(SCORE_MESSAGES.studentNotFound),
  item: () => badRequest(SCORE_MESSAGES.itemNotInCollection),
  entry: () => badRequest(SCORE_MESSAGES.entryNotOnScale),
  not_open: () => conflict(SCORE_MESSAGES.windowNotOpen),
  closed: () => conflict(SCORE_MESSAGES.windowClosed),
};

const intArray = (values: readonly number[]) => sql`${`{${values.join(",")}}`}::int[]`;
// Keys are letters, digits, '-' and '_' (score-schemas.ts): nothing to quote in an array literal.
const keyArray = (keys: readonly (string | undefined)[]) => sql`${`{${keys.map((k) => k ?? "NULL").join(",")}}`}::text[]`;

function toCellResult(row: SavedRow): CellResult {
  const refuse = REFUSALS[row.outcome];
  if (refuse) return { error: refuse() };
  // A replay of a save whose grade was cleared since: the request did its work once, and stays done.
  if (row.grade_id === null) return { error: conflict() };
  const enrollmentId = row.student_enrollment_id!;
  return {
    grade: {
      id: row.grade_id,
      studentEnrollmentId: enrollmentId,
      assessmentItemsId: row.assessment_item_id!,
      assessmentItemsScalesEntriesId: row.scale_entry_id!,
      comment: row.comment,
      artifactCount: Number(row.artifacts ?? 0),
      updatedAt: toUnix(new Date(row.updated_at!)) ?? 0,
    },
    result: { studentEnrollmentId: enrollmentId, progress: row.progress ?? 0, scoredItems: row.scored_items ?? 0, totalItems: row.total_items ?? 0 },
  };
}

/**
 * Set rostered children's grades on items: each cell checked and written as a single save is, in
 * one database call (save_scores, migration 0034: the session still live, the checks, the upsert,
 * history and audit rows, and the kept results by trigger, in one transaction). A refused cell
 * answers its error and blocks no other; a session ended since the lookup (401) or a collection
 * that is not the teacher's (404) refuses the whole call. Answers follow the cells' order.
 */
export async function saveScores(actor: Actor, collectionId: number, cells: readonly SaveScoreInput[], origin: AuditOrigin = {}): Promise<CellResult[]> {
  authorize(actor, "scores.teacherWrite");
  const ipAddress = origin.ipAddress && isIP(origin.ipAddress) ? origin.ipAddress : null;
  const locations = actor.orgs.filter((o) => o.orgType === "location").map((o) => o.id);
  const saved = await inTenantStatement<SavedRow>(
    actor,
    (bind) => sql`select * from save_scores(${bind}, ${actor.tenantId}, ${actor.userId}, ${actor.impersonatorId}, ${actor.sessionId}::uuid,
      ${intArray(locations)}, ${collectionId}, ${intArray(cells.map((c) => c.studentEnrollmentId))}, ${intArray(cells.map((c) => c.assessmentItemsId))},
      ${intArray(cells.map((c) => c.assessmentItemsScalesEntriesId))}, ${keyArray(cells.map((c) => c.requestKey))},
      ${ipAddress}::inet, ${origin.userAgent?.slice(0, 400) ?? null}, ${origin.requestId ?? null})`,
  );
  if (saved[0]?.outcome === "session") throw unauthorized();
  if (saved[0]?.outcome === "collection") throw notFound();
  return saved.map(toCellResult);
}

/**
 * POST /data-collections/{id}/scores: set a rostered child's grade on an item (insert or change).
 * The grade, its history row, its audit row and the child's results (by trigger) commit together.
 * Setting the grade it already has changes nothing; a replayed requestKey answers the current grade.
 */
export async function saveScore(actor: Actor, collectionId: number, input: SaveScoreInput, origin: AuditOrigin = {}) {
  const [cell] = await saveScores(actor, collectionId, [input], origin);
  if ("error" in cell) throw cell.error;
  return cell;
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
