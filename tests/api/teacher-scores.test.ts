import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as scoreDelete } from "@/app/en/api/v1/data-collections/[id]/scores/[gradeId]/route";
import { POST as scorePost, PUT as scorePut } from "@/app/en/api/v1/data-collections/[id]/scores/route";
import { GET as gradesGet } from "@/app/en/api/v1/data-collections/[id]/grades/route";
import { GET as rosterGet } from "@/app/en/api/v1/data-collections/[id]/students/legacy/route";
import { db } from "@/db/client";
import { auditLog, authSessions, scoreArtifacts, scoreHistory, scores, studentResults, users } from "@/db/schema";
import { call } from "../support/api";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

let fx: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;

beforeAll(async () => {
  fx = await makeScoringAssessment(4);
});

// Each test its own two tenants: the grades and results it reads are the ones it saved.
beforeEach(async () => {
  a = await makeScoringWorld(fx);
  b = await makeScoringWorld(fx);
});

const kid = (w: ScoringWorld, i = 0) => w.kids[i].enrollment.id;
const post = (w: ScoringWorld, body: Record<string, unknown>, token = w.teacherToken, collectionId = w.collection.id) =>
  call(scorePost, "POST", `/en/api/v1/data-collections/${collectionId}/scores`, { token, params: { id: String(collectionId) }, body });
const body = (w: ScoringWorld, item: number, entryId: number, i = 0) => ({
  studentEnrollmentId: kid(w, i),
  assessmentItemsId: fx.items[item].id,
  assessmentItemsScalesEntriesId: entryId,
});

async function scoreCount(w: ScoringWorld) {
  return (await db().select().from(scores).where(eq(scores.tenantId, w.tenant.id))).length;
}

describe("POST /data-collections/{id}/scores", () => {
  it("saves a grade, writes its history and audit rows and updates the child's results in the same call", async () => {
    const res = await post(a, body(a, 0, fx.entries.B.id));
    expect(res.status).toBe(200);
    expect(res.body.grade).toMatchObject({
      studentEnrollmentId: kid(a),
      assessmentItemsId: fx.items[0].id,
      assessmentItemsScalesEntriesId: fx.entries.B.id,
      comment: null,
      artifactCount: 0,
    });
    expect(res.body.result).toEqual({ studentEnrollmentId: kid(a), progress: 25, scoredItems: 1, totalItems: 4 });
    const history = await db().select().from(scoreHistory).where(eq(scoreHistory.scoreId, res.body.grade.id));
    expect(history.map((h) => [h.action, h.scaleEntryId, h.changedBy])).toEqual([["create", fx.entries.B.id, a.teacher.id]]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenant.id), eq(auditLog.entityType, "score"), eq(auditLog.entityId, res.body.grade.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", userId: a.teacher.id, studentId: a.kids[0].student.id });
  });

  it("changes a grade in place: one row, a second history row, the same id", async () => {
    const first = await post(a, body(a, 1, fx.entries.A.id));
    const second = await post(a, body(a, 1, fx.entries.C.id));
    expect(second.status).toBe(200);
    expect(second.body.grade.id).toBe(first.body.grade.id);
    expect(second.body.grade.assessmentItemsScalesEntriesId).toBe(fx.entries.C.id);
    const history = await db().select().from(scoreHistory).where(eq(scoreHistory.scoreId, first.body.grade.id));
    expect(history.map((h) => h.action)).toEqual(["create", "update"]);
    const same = await post(a, body(a, 1, fx.entries.C.id));
    expect(same.status).toBe(200);
    expect(await db().select().from(scoreHistory).where(eq(scoreHistory.scoreId, first.body.grade.id))).toHaveLength(2);
  });

  it("applies a change sent twice with the same requestKey once", async () => {
    const requestKey = "0b6c2f1e-6a55-4c1f-9b1e-1f2a3b4c5d6e";
    const first = await post(a, { ...body(a, 0, fx.entries.A.id, 1), requestKey });
    const again = await post(a, { ...body(a, 0, fx.entries.A.id, 1), requestKey });
    expect(again.status).toBe(200);
    expect(again.body.grade.id).toBe(first.body.grade.id);
    const rows = await db().select().from(scoreHistory).where(eq(scoreHistory.scoreId, first.body.grade.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].requestKey).toBe(requestKey);
  });

  it("stores progress 100, domain scores, the overall score and the level once every item is scored", async () => {
    for (const item of [0, 1, 2, 3]) expect((await post(a, body(a, item, fx.entries.D.id, 2))).status).toBe(200);
    const [result] = await db()
      .select()
      .from(studentResults)
      .where(
        and(eq(studentResults.tenantId, a.tenant.id), eq(studentResults.dataCollectionId, a.collection.id), eq(studentResults.studentEnrollmentId, kid(a, 2))),
      );
    // No scaleScore in the fixture's configuration: scores are the percent of the points.
    expect(result).toMatchObject({ progress: 100, scoredItems: 4, totalItems: 4, domainScores: { LL: 100 }, overallScore: 100 });
  });

  it("refuses an item outside the collection, a grade off the item's scale, and changes nothing", async () => {
    const before = await scoreCount(a);
    const other = await makeScoringAssessment(1);
    const unknownItem = await post(a, { ...body(a, 0, fx.entries.A.id), assessmentItemsId: other.items[0].id });
    expect(unknownItem.status).toBe(400);
    expect(unknownItem.body.message).toBe("Item is not part of this collection's assessment");
    const offScale = await post(a, body(a, 0, fx.offScale.id));
    expect(offScale.status).toBe(400);
    expect(offScale.body.message).toBe("Grade is not on this item's scale");
    const missingEntry = await post(a, body(a, 0, 2_000_000_000));
    expect(missingEntry.status).toBe(400);
    const wrongTypes = await post(a, { studentEnrollmentId: "x", assessmentItemsId: -1, assessmentItemsScalesEntriesId: 1.5 });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "assessmentItemsId",
      "assessmentItemsScalesEntriesId",
      "studentEnrollmentId",
    ]);
    const badKey = await post(a, { ...body(a, 0, fx.entries.A.id), requestKey: "x" });
    expect(badKey.status).toBe(400);
    expect(await scoreCount(a)).toBe(before);
  });

  it("answers 409 with the window's state outside the cycle", async () => {
    const closed = await post(a, body(a, 0, fx.entries.A.id), a.teacherToken, a.closed.id);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe("The assessment window is closed: scores can no longer be changed");
    const upcoming = await post(a, body(a, 0, fx.entries.A.id), a.teacherToken, a.upcoming.id);
    expect(upcoming.status).toBe(409);
    expect(upcoming.body.message).toBe("The assessment window has not opened yet");
  });

  it("answers 404 for another teacher's child, an unassigned child, another tenant's child or collection", async () => {
    const before = await scoreCount(a);
    const otherTeachers = await post(a, { ...body(a, 0, fx.entries.A.id), studentEnrollmentId: a.otherKid.enrollment.id });
    expect(otherTeachers.status).toBe(404);
    expect(otherTeachers.body.message).toBe("Student not found");
    expect((await post(a, { ...body(a, 0, fx.entries.A.id), studentEnrollmentId: a.unassignedKid.enrollment.id })).status).toBe(404);
    expect((await post(a, body(b, 0, fx.entries.A.id))).status).toBe(404);
    expect((await post(a, body(a, 0, fx.entries.A.id), a.teacherToken, b.collection.id)).status).toBe(404);
    expect(await scoreCount(a)).toBe(before);
  });

  it("answers 403 to an admin", async () => {
    const res = await post(a, body(a, 0, fx.entries.A.id), a.adminToken);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Token does not have the required permissions");
  });
});

describe("PUT /data-collections/{id}/scores (comment)", () => {
  const put = (w: ScoringWorld, payload: Record<string, unknown>, token = w.teacherToken) =>
    call(scorePut, "PUT", `/en/api/v1/data-collections/${w.collection.id}/scores`, { token, params: { id: String(w.collection.id) }, body: payload });

  it("sets and clears a comment, with history and audit rows that hold no comment text", async () => {
    const saved = await post(a, body(a, 3, fx.entries.A.id));
    const set = await put(a, { id: saved.body.grade.id, comment: "Counted to 20 with support" });
    expect(set.status).toBe(200);
    expect(set.body.grade.comment).toBe("Counted to 20 with support");
    const cleared = await put(a, { id: saved.body.grade.id, comment: "  " });
    expect(cleared.body.grade.comment).toBeNull();
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "score"), eq(auditLog.entityId, saved.body.grade.id), eq(auditLog.action, "update")));
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit.map((r) => r.details))).not.toContain("Counted");
  });

  it("refuses an over-long comment, another teacher's grade and another tenant's grade", async () => {
    const saved = await post(a, body(a, 2, fx.entries.A.id));
    expect((await put(a, { id: saved.body.grade.id, comment: "x".repeat(2001) })).status).toBe(400);
    const theirs = await post(b, body(b, 0, fx.entries.A.id));
    expect((await put(a, { id: theirs.body.grade.id, comment: "mine" })).status).toBe(404);
    const [row] = await db().select().from(scores).where(eq(scores.id, theirs.body.grade.id));
    expect(row.comment).toBeNull();
  });
});

describe("DELETE /data-collections/{id}/scores/{gradeId}", () => {
  const del = (w: ScoringWorld, gradeId: number, token = w.teacherToken, query?: Record<string, string>) =>
    call(scoreDelete, "DELETE", `/en/api/v1/data-collections/${w.collection.id}/scores/${gradeId}`, {
      token,
      query,
      params: { id: String(w.collection.id), gradeId: String(gradeId) },
    });

  it("clears a grade, keeps its history and lowers the child's progress", async () => {
    const saved = await post(b, body(b, 1, fx.entries.B.id, 1));
    expect(saved.body.result.scoredItems).toBe(1);
    const res = await del(b, saved.body.grade.id, b.teacherToken, { requestKey: "delete-key-000001" });
    expect(res.status).toBe(200);
    expect(res.body.result.scoredItems).toBe(0);
    expect(await db().select().from(scores).where(eq(scores.id, saved.body.grade.id))).toHaveLength(0);
    const history = await db().select().from(scoreHistory).where(eq(scoreHistory.scoreId, saved.body.grade.id));
    expect(history.map((h) => h.action)).toEqual(["create", "delete"]);
    const replay = await del(b, saved.body.grade.id, b.teacherToken, { requestKey: "delete-key-000001" });
    expect(replay.status).toBe(200);
    expect(await db().select().from(scoreHistory).where(eq(scoreHistory.scoreId, saved.body.grade.id))).toHaveLength(2);
  });

  it("keeps a grade with evidence (409), and answers 404 across teachers and tenants", async () => {
    const saved = await post(b, body(b, 2, fx.entries.B.id, 1));
    await db()
      .insert(scoreArtifacts)
      .values({ tenantId: b.tenant.id, scoreId: saved.body.grade.id, fileName: "k", originalFileName: "photo.jpg", sizeBytes: 1 });
    const withEvidence = await del(b, saved.body.grade.id);
    expect(withEvidence.status).toBe(409);
    expect(withEvidence.body.message).toBe("This grade has evidence attached: remove the evidence before clearing the grade");
    expect((await del(a, saved.body.grade.id, a.teacherToken)).status).toBe(404);
    expect((await del(b, saved.body.grade.id, b.otherTeacherToken)).status).toBe(404);
    expect((await del(b, saved.body.grade.id, b.adminToken)).status).toBe(403);
    expect(await db().select().from(scores).where(eq(scores.id, saved.body.grade.id))).toHaveLength(1);
  });
});

describe("GET grades and students/legacy", () => {
  it("lists only the teacher's rostered children and their grades", async () => {
    for (const item of [0, 1, 2, 3]) expect((await post(a, body(a, item, fx.entries.D.id, 2))).status).toBe(200);
    const grades = await call(gradesGet, "GET", "/", { token: a.teacherToken, params: { id: String(a.collection.id) } });
    expect(grades.status).toBe(200);
    const mine = new Set(a.kids.map((k) => k.enrollment.id));
    expect(grades.body.grades.length).toBeGreaterThan(0);
    expect(grades.body.grades.every((g: { studentEnrollmentId: number }) => mine.has(g.studentEnrollmentId))).toBe(true);
    const roster = await call(rosterGet, "GET", "/", { token: a.teacherToken, params: { id: String(a.collection.id) } });
    expect(roster.body.students.map((s: { studentEnrollmentId: number }) => s.studentEnrollmentId).sort()).toEqual([...mine].sort());
    const complete = roster.body.students.find((s: { studentEnrollmentId: number }) => s.studentEnrollmentId === kid(a, 2));
    expect(complete).toMatchObject({ progress: 100, totalItems: 4, domainScores: { LL: 100 } });
    const other = await call(rosterGet, "GET", "/", { token: a.otherTeacherToken, params: { id: String(a.collection.id) } });
    expect(other.body.students.map((s: { studentEnrollmentId: number }) => s.studentEnrollmentId)).toEqual([a.otherKid.enrollment.id]);
  });

  it("answers 404 for another tenant's collection and 403 to an admin", async () => {
    expect((await call(gradesGet, "GET", "/", { token: a.teacherToken, params: { id: String(b.collection.id) } })).status).toBe(404);
    expect((await call(rosterGet, "GET", "/", { token: a.adminToken, params: { id: String(a.collection.id) } })).status).toBe(403);
  });
});

describe("a save's session lookup and write share one transaction", () => {
  it("still ends a disabled teacher's session (401, revoked with its audit row) and writes no grade", async () => {
    const c = await makeScoringWorld(fx);
    await db().update(users).set({ enabled: false }).where(eq(users.id, c.teacher.id));
    const res = await post(c, body(c, 0, fx.entries.A.id));
    expect(res.status).toBe(401);
    const sessions = await db().select().from(authSessions).where(eq(authSessions.userId, c.teacher.id));
    // The world's teacher has a second session (the page's) that this request did not touch.
    expect(sessions.filter((s) => s.revokedAt !== null)).toHaveLength(1);
    expect(await scoreCount(c)).toBe(0);
  });

  it("rolls the whole request back when the write is refused: nothing of it stays", async () => {
    const before = await db().select().from(auditLog).where(eq(auditLog.tenantId, a.tenant.id));
    const res = await post(a, body(a, 0, fx.entries.A.id, 0), a.teacherToken, b.collection.id);
    expect(res.status).toBe(404);
    expect(await db().select().from(auditLog).where(eq(auditLog.tenantId, a.tenant.id))).toHaveLength(before.length);
  });
});
