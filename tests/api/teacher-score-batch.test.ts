import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as batchPost } from "@/app/en/api/v1/data-collections/[id]/scores/batch/route";
import { db } from "@/db/client";
import { auditLog, scoreHistory, scores, studentResults } from "@/db/schema";
import { call } from "../support/api";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

let fx: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;

beforeAll(async () => {
  fx = await makeScoringAssessment(4);
});

// Each test its own two tenants: the grades it counts are the ones it saved.
beforeEach(async () => {
  a = await makeScoringWorld(fx);
  b = await makeScoringWorld(fx);
});

type Cell = { studentEnrollmentId: number; assessmentItemsId: number; assessmentItemsScalesEntriesId: number; requestKey?: string };

const batch = (w: ScoringWorld, cells: Cell[], token = w.teacherToken, collectionId = w.collection.id) =>
  call(batchPost, "POST", `/en/api/v1/data-collections/${collectionId}/scores/batch`, { token, params: { id: String(collectionId) }, body: { scores: cells } });
const cell = (w: ScoringWorld, kid: number, item: number, entryId: number, requestKey?: string): Cell => ({
  studentEnrollmentId: w.kids[kid].enrollment.id,
  assessmentItemsId: fx.items[item].id,
  assessmentItemsScalesEntriesId: entryId,
  ...(requestKey ? { requestKey } : {}),
});
const tenantScores = (w: ScoringWorld) => db().select().from(scores).where(eq(scores.tenantId, w.tenant.id));

describe("POST /data-collections/{id}/scores/batch", () => {
  it("saves every cell with its history and audit rows and answers each cell's grade and progress in order", async () => {
    const cells = [cell(a, 0, 0, fx.entries.A.id, "batch-key-0001"), cell(a, 0, 1, fx.entries.B.id, "batch-key-0002"), cell(a, 1, 0, fx.entries.C.id)];
    const res = await batch(a, cells);
    expect(res.status).toBe(200);
    expect(res.body.scores.map((s: { status: number }) => s.status)).toEqual([200, 200, 200]);
    expect(
      res.body.scores.map((s: { grade: { studentEnrollmentId: number; assessmentItemsId: number; assessmentItemsScalesEntriesId: number } }) => s.grade),
    ).toMatchObject(
      cells.map((c) => ({
        studentEnrollmentId: c.studentEnrollmentId,
        assessmentItemsId: c.assessmentItemsId,
        assessmentItemsScalesEntriesId: c.assessmentItemsScalesEntriesId,
      })),
    );
    // The child's progress after the whole batch: two of four items for the first child.
    expect(res.body.scores[1].result).toEqual({ studentEnrollmentId: a.kids[0].enrollment.id, progress: 50, scoredItems: 2, totalItems: 4 });
    expect(res.body.scores[2].result).toMatchObject({ studentEnrollmentId: a.kids[1].enrollment.id, scoredItems: 1 });
    const ids = res.body.scores.map((s: { grade: { id: number } }) => s.grade.id);
    const history = await db().select().from(scoreHistory).where(inArray(scoreHistory.scoreId, ids));
    expect(history.map((h) => [h.scoreId, h.action, h.scaleEntryId, h.changedBy, h.requestKey]).sort()).toEqual(
      [
        [ids[0], "create", fx.entries.A.id, a.teacher.id, "batch-key-0001"],
        [ids[1], "create", fx.entries.B.id, a.teacher.id, "batch-key-0002"],
        [ids[2], "create", fx.entries.C.id, a.teacher.id, null],
      ].sort(),
    );
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenant.id), eq(auditLog.entityType, "score"), inArray(auditLog.entityId, ids)));
    expect(audit.map((r) => [r.entityId, r.action, r.userId, r.studentId]).sort()).toEqual(
      [
        [ids[0], "create", a.teacher.id, a.kids[0].student.id],
        [ids[1], "create", a.teacher.id, a.kids[0].student.id],
        [ids[2], "create", a.teacher.id, a.kids[1].student.id],
      ].sort(),
    );
    const [result] = await db()
      .select()
      .from(studentResults)
      .where(and(eq(studentResults.tenantId, a.tenant.id), eq(studentResults.studentEnrollmentId, a.kids[0].enrollment.id)));
    expect(result).toMatchObject({ scoredItems: 2, progress: 50 });
  });

  it("refuses a cell with the single save's status and message and saves the others", async () => {
    const other = await makeScoringAssessment(1);
    const cells: Cell[] = [
      cell(a, 2, 0, fx.entries.A.id),
      { ...cell(a, 2, 1, fx.entries.A.id), studentEnrollmentId: a.otherKid.enrollment.id },
      { ...cell(a, 2, 1, fx.entries.A.id), studentEnrollmentId: a.unassignedKid.enrollment.id },
      { ...cell(a, 2, 1, fx.entries.A.id), studentEnrollmentId: b.kids[0].enrollment.id },
      { ...cell(a, 2, 1, fx.entries.A.id), assessmentItemsId: other.items[0].id },
      cell(a, 2, 2, fx.offScale.id),
      cell(a, 2, 3, fx.entries.D.id),
    ];
    const res = await batch(a, cells);
    expect(res.status).toBe(200);
    expect(res.body.scores.map((s: { status: number; message?: string }) => [s.status, s.message ?? null])).toEqual([
      [200, null],
      [404, "Student not found"],
      [404, "Student not found"],
      [404, "Student not found"],
      [400, "Item is not part of this collection's assessment"],
      [400, "Grade is not on this item's scale"],
      [200, null],
    ]);
    const kept = (await tenantScores(a)).filter((s) => s.studentEnrollmentId === a.kids[2].enrollment.id);
    expect(kept.map((s) => [s.assessmentItemId, s.scaleEntryId]).sort()).toEqual(
      [
        [fx.items[0].id, fx.entries.A.id],
        [fx.items[3].id, fx.entries.D.id],
      ].sort(),
    );
    expect((await tenantScores(a)).some((s) => s.studentEnrollmentId === a.otherKid.enrollment.id)).toBe(false);
    expect(await tenantScores(b)).toHaveLength(0);
  });

  it("applies a batch sent again with the same requestKeys once, and changes a grade in place", async () => {
    const cells = [cell(b, 0, 0, fx.entries.A.id, "replay-key-0001"), cell(b, 1, 0, fx.entries.B.id, "replay-key-0002")];
    const first = await batch(b, cells);
    const again = await batch(b, cells);
    expect(again.body.scores.map((s: { grade: { id: number } }) => s.grade.id)).toEqual(first.body.scores.map((s: { grade: { id: number } }) => s.grade.id));
    const changed = await batch(b, [cell(b, 0, 0, fx.entries.C.id, "replay-key-0003")]);
    expect(changed.body.scores[0].grade).toMatchObject({ id: first.body.scores[0].grade.id, assessmentItemsScalesEntriesId: fx.entries.C.id });
    const history = await db().select().from(scoreHistory).where(eq(scoreHistory.tenantId, b.tenant.id));
    expect(history.map((h) => [h.action, h.requestKey]).sort()).toEqual(
      [
        ["create", "replay-key-0001"],
        ["create", "replay-key-0002"],
        ["update", "replay-key-0003"],
      ].sort(),
    );
  });

  it("answers 409 per cell outside the window", async () => {
    const closed = await batch(a, [cell(a, 0, 0, fx.entries.A.id)], a.teacherToken, a.closed.id);
    expect(closed.body.scores).toEqual([{ status: 409, message: "The assessment window is closed: scores can no longer be changed" }]);
    const upcoming = await batch(a, [cell(a, 0, 0, fx.entries.A.id)], a.teacherToken, a.upcoming.id);
    expect(upcoming.body.scores).toEqual([{ status: 409, message: "The assessment window has not opened yet" }]);
  });

  it("refuses 501 cells, a cell twice and an empty batch with a 400, and writes nothing", async () => {
    const before = (await tenantScores(b)).length;
    const many = Array.from({ length: 501 }, (_, i) => ({ ...cell(b, 2, 0, fx.entries.A.id), studentEnrollmentId: i + 1 }));
    const tooMany = await batch(b, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("scores must hold at most 500 grades");
    const twice = await batch(b, [cell(b, 2, 0, fx.entries.A.id), cell(b, 2, 0, fx.entries.B.id)]);
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([{ field: "scores.1", message: "Each student and item may appear only once in a batch" }]);
    expect((await batch(b, [])).status).toBe(400);
    expect((await tenantScores(b)).length).toBe(before);
  });

  it("answers 404 for another tenant's collection and 403 to an admin, writing nothing", async () => {
    const before = (await tenantScores(a)).length;
    expect((await batch(a, [cell(a, 0, 3, fx.entries.A.id)], a.teacherToken, b.collection.id)).status).toBe(404);
    const admin = await batch(a, [cell(a, 0, 3, fx.entries.A.id)], a.adminToken);
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe("Token does not have the required permissions");
    expect((await tenantScores(a)).length).toBe(before);
  });
});
