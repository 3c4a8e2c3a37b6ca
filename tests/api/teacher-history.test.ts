import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as resourcesGet } from "@/app/en/api/v1/data-collections/[id]/items/resources/route";
import { GET as studentHistoryGet } from "@/app/en/api/v1/data-collections/[id]/students/[studentId]/grades/history/route";
import { GET as milestoneHistoryGet } from "@/app/en/api/v1/data-collections/[id]/students/[studentId]/grades/milestone/route";
import { GET as itemHistoryGet } from "@/app/en/api/v1/data-collections/[id]/students/[studentId]/items/[itemId]/grades/history/route";
import { GET as scoreSheetHistoryGet } from "@/app/en/api/v1/score-sheet/history/route";
import { db } from "@/db/client";
import { assessmentItemResources, scoreHistory, scoreMilestones, scoreSheets, tenantMilestones } from "@/db/schema";
import { call } from "../support/api";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";
import { makeAssessment } from "../support/school-fixtures";
import { binding } from "../support/tenancy-binding";
import { listTeacherItemResources } from "@/lib/collections/resources";
import { gradeHistory, milestoneHistory, scoreSheetHistory } from "@/lib/scoring/history";

/** Bind a service's transaction to another tenant than its filters name (tests/support/tenancy-binding). */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

const HOUR = 3_600_000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let fx: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;
/** Fixed when the file starts: the history rows and the expectations name the same instants. */
const NOW = Date.now();
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * HOUR);

beforeAll(async () => {
  fx = await makeScoringAssessment();
  a = await makeScoringWorld(fx);
  b = await makeScoringWorld(fx);
});
afterAll(() => {
  binding.tenantId = null;
});

describe("grade history", () => {
  const [i1, i2] = [0, 1];
  beforeAll(async () => {
    const kid = a.kids[0].enrollment.id;
    const row = (enrollmentId: number, item: number, action: "create" | "update" | "delete", entryId: number | null, hoursAgo: number, extra: object = {}) => ({
      tenantId: a.tenant.id,
      scoreId: 1,
      dataCollectionId: a.collection.id,
      studentEnrollmentId: enrollmentId,
      assessmentItemId: fx.items[item].id,
      scaleEntryId: entryId,
      action,
      changedBy: a.teacher.id,
      changedAt: at(hoursAgo),
      ...extra,
    });
    await db()
      .insert(scoreHistory)
      .values([
        row(kid, i1, "create", fx.entries.A.id, 4),
        row(kid, i1, "update", fx.entries.B.id, 3, { comment: "counts to 20", changedBy: a.otherTeacher.id }),
        row(kid, i2, "create", fx.entries.C.id, 2),
        row(kid, i1, "delete", null, 1),
        row(a.kids[1].enrollment.id, i1, "create", fx.entries.D.id, 1),
        row(kid, i1, "create", fx.entries.D.id, 1, { dataCollectionId: a.closed.id }),
      ]);
  });

  const studentPath = (collectionId: number, studentId: number) => `/en/api/v1/data-collections/${collectionId}/students/${studentId}/grades/history`;
  const getStudent = (token: string, collectionId: number, studentId: number) =>
    call(studentHistoryGet, "GET", studentPath(collectionId, studentId), { token, params: { id: String(collectionId), studentId: String(studentId) } });
  const getItem = (token: string, collectionId: number, studentId: number, itemId: number) =>
    call(itemHistoryGet, "GET", `/en/api/v1/data-collections/${collectionId}/students/${studentId}/items/${itemId}/grades/history`, {
      token,
      params: { id: String(collectionId), studentId: String(studentId), itemId: String(itemId) },
    });

  it("lists the child's grade changes in the collection newest first, by students.id", async () => {
    const res = await getStudent(a.teacherToken, a.collection.id, a.kids[0].student.id);
    expect(res.status).toBe(200);
    const summary = res.body.history.map((h: { itemCode: string; action: string; entryCode: string | null }) => [h.itemCode, h.action, h.entryCode]);
    expect(summary).toEqual([
      ["I1", "delete", null],
      ["I2", "create", "C"],
      ["I1", "update", "B"],
      ["I1", "create", "A"],
    ]);
    const update = res.body.history[2];
    expect(update).toMatchObject({
      assessmentItemsId: fx.items[i1].id,
      assessmentItemsScalesEntriesId: fx.entries.B.id,
      comment: "counts to 20",
      changedBy: { id: a.otherTeacher.id, name: `${a.otherTeacher.firstName} ${a.otherTeacher.lastName}` },
      changedAt: unix(at(3)),
    });
  });

  it("lists one item's changes", async () => {
    const res = await getItem(a.teacherToken, a.collection.id, a.kids[0].student.id, fx.items[i1].id);
    expect(res.status).toBe(200);
    expect(res.body.history.map((h: { action: string }) => h.action)).toEqual(["delete", "update", "create"]);
    const none = await getItem(a.teacherToken, a.collection.id, a.kids[0].student.id, fx.items[2].id);
    expect(none.body.history).toEqual([]);
  });

  it("answers 404 for another teacher's child, a child not in the collection, another tenant and an item outside the collection", async () => {
    expect((await getStudent(a.teacherToken, a.collection.id, a.otherKid.student.id)).status).toBe(404);
    expect((await getStudent(a.teacherToken, a.collection.id, a.unassignedKid.student.id)).status).toBe(404);
    expect((await getStudent(b.teacherToken, a.collection.id, a.kids[0].student.id)).status).toBe(404);
    expect((await getStudent(a.teacherToken, b.collection.id, b.kids[0].student.id)).status).toBe(404);
    expect((await getItem(b.teacherToken, a.collection.id, a.kids[0].student.id, fx.items[i1].id)).status).toBe(404);
    const elsewhere = await makeAssessment(1);
    expect(await getItem(a.teacherToken, a.collection.id, a.kids[0].student.id, elsewhere.items[0].id)).toMatchObject({
      status: 404,
      body: { message: "Item not found" },
    });
  });

  it("refuses an administrator with 403 and a malformed id with 400", async () => {
    expect((await getStudent(a.adminToken, a.collection.id, a.kids[0].student.id)).status).toBe(403);
    const bad = await call(studentHistoryGet, "GET", "/x", { token: a.teacherToken, params: { id: String(a.collection.id), studentId: "abc" } });
    expect(bad).toMatchObject({ status: 400, body: { message: "Student id must be a positive whole number" } });
  });
});

describe("milestone history", () => {
  it("lists the child's captured milestones with the frozen grades' codes", async () => {
    const [fall, spring] = await db()
      .insert(tenantMilestones)
      .values([
        { tenantId: a.tenant.id, label: "Fall", sortOrder: 1 },
        { tenantId: a.tenant.id, label: "Spring", sortOrder: 2 },
      ])
      .returning();
    const kid = a.kids[0].student.id;
    await db()
      .insert(scoreMilestones)
      .values([
        { tenantId: a.tenant.id, tenantMilestoneId: spring.id, studentId: kid, dataCollectionId: a.collection.id, scores: [] },
        {
          tenantId: a.tenant.id,
          tenantMilestoneId: fall.id,
          studentId: kid,
          dataCollectionId: a.collection.id,
          scores: [{ assessmentItemId: fx.items[0].id, scaleEntryId: fx.entries.C.id }],
        },
        { tenantId: a.tenant.id, tenantMilestoneId: fall.id, studentId: a.kids[1].student.id, dataCollectionId: a.collection.id, scores: [] },
      ]);
    const get = (token: string, studentId: number) =>
      call(milestoneHistoryGet, "GET", "/x", { token, params: { id: String(a.collection.id), studentId: String(studentId) } });
    const res = await get(a.teacherToken, kid);
    expect(res.status).toBe(200);
    expect(res.body.milestones).toEqual([
      expect.objectContaining({
        tenantMilestoneId: fall.id,
        label: "Fall",
        scores: [{ assessmentItemsId: fx.items[0].id, assessmentItemsScalesEntriesId: fx.entries.C.id, entryCode: "C" }],
      }),
      expect.objectContaining({ tenantMilestoneId: spring.id, label: "Spring", scores: [] }),
    ]);
    expect((await get(a.teacherToken, a.otherKid.student.id)).status).toBe(404);
    expect((await get(b.teacherToken, kid)).status).toBe(404);
  });
});

describe("score-sheet history", () => {
  it("lists a rostered child's sheets, or the teacher's collection-wide sheets", async () => {
    const sheet = (studentEnrollmentId: number | null, createdBy: number, name: string) => ({
      tenantId: a.tenant.id,
      dataCollectionId: a.collection.id,
      studentEnrollmentId,
      schoolYearId: fx.schoolYearId,
      createdBy,
      originalFileName: `${name}.pdf`,
      s3FileName: `tenants/${a.tenant.id}/score-sheets/${name}.pdf`,
    });
    const kid = a.kids[0].enrollment.id;
    await db()
      .insert(scoreSheets)
      .values([
        sheet(kid, a.teacher.id, "kid"),
        sheet(kid, a.otherTeacher.id, "kid-by-other"),
        sheet(null, a.teacher.id, "all"),
        sheet(null, a.otherTeacher.id, "all-other"),
        sheet(a.kids[1].enrollment.id, a.teacher.id, "kid1"),
      ]);
    const get = (token: string, query: Record<string, number>) => call(scoreSheetHistoryGet, "GET", "/en/api/v1/score-sheet/history", { token, query });

    const child = await get(a.teacherToken, { dataCollectionId: a.collection.id, studentEnrollmentId: kid });
    expect(child.status).toBe(200);
    expect(child.body.scoreSheets.map((s: { originalFileName: string }) => s.originalFileName).sort()).toEqual(["kid-by-other.pdf", "kid.pdf"]);
    expect(child.body.scoreSheets[0]).toMatchObject({ parentDataCollectionId: a.collection.id, studentEnrollmentId: kid, schoolYear: { id: fx.schoolYearId } });

    const all = await get(a.teacherToken, { dataCollectionId: a.collection.id });
    expect(all.body.scoreSheets.map((s: { originalFileName: string; createdBy: number }) => [s.originalFileName, s.createdBy])).toEqual([
      ["all.pdf", a.teacher.id],
    ]);

    expect((await get(a.teacherToken, { dataCollectionId: a.collection.id, studentEnrollmentId: a.otherKid.enrollment.id })).status).toBe(404);
    expect((await get(b.teacherToken, { dataCollectionId: a.collection.id })).status).toBe(404);
    expect((await get(b.teacherToken, { dataCollectionId: a.collection.id, studentEnrollmentId: kid })).status).toBe(404);
    expect((await get(a.adminToken, { dataCollectionId: a.collection.id })).status).toBe(403);
    expect((await call(scoreSheetHistoryGet, "GET", "/en/api/v1/score-sheet/history", { token: a.teacherToken })).status).toBe(400);
  });
});

describe("item resources of a collection", () => {
  it("lists the resources of the collection's items only, for the teacher's collection only", async () => {
    const elsewhere = await makeAssessment(1);
    const resource = (assessmentItemId: number, name: string) => ({ assessmentItemId, fileName: `resources/${name}`, originalFileName: name, sizeBytes: 10 });
    const rows = await db()
      .insert(assessmentItemResources)
      .values([resource(fx.items[1].id, "b.pdf"), resource(fx.items[0].id, "a.pdf"), resource(elsewhere.items[0].id, "other.pdf")])
      .returning();
    const get = (token: string, collectionId: number) => call(resourcesGet, "GET", "/x", { token, params: { id: String(collectionId) } });
    const res = await get(a.teacherToken, a.collection.id);
    expect(res.status).toBe(200);
    expect(res.body.resources).toEqual([
      { id: rows[1].id, assessmentItemId: fx.items[0].id, originalFileName: "a.pdf", fileName: "resources/a.pdf", sizeBytes: 10 },
      { id: rows[0].id, assessmentItemId: fx.items[1].id, originalFileName: "b.pdf", fileName: "resources/b.pdf", sizeBytes: 10 },
    ]);
    expect((await get(b.teacherToken, a.collection.id)).status).toBe(404);
    expect((await get(a.adminToken, a.collection.id)).status).toBe(403);
  });
});

describe("tenancy of the services", () => {
  it("find none of tenant B's rows when bound to tenant A", async () => {
    binding.tenantId = a.tenant.id;
    try {
      const kid = b.kids[0];
      await expect(gradeHistory(b.teacherActor, b.collection.id, kid.student.id)).rejects.toMatchObject({ status: 404 });
      await expect(milestoneHistory(b.teacherActor, b.collection.id, kid.student.id)).rejects.toMatchObject({ status: 404 });
      await expect(scoreSheetHistory(b.teacherActor, b.collection.id, kid.enrollment.id)).rejects.toMatchObject({ status: 404 });
      await expect(listTeacherItemResources(b.teacherActor, b.collection.id)).rejects.toMatchObject({ status: 404 });
    } finally {
      binding.tenantId = null;
    }
  });
});
