import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as putAssignment } from "@/app/en/api/v1/data-collections-student-assignments/route";
import { PUT as putSupports } from "@/app/en/api/v1/enrollments/[id]/supports/route";
import { POST as capture } from "@/app/en/api/v1/score-milestone/capture/route";
import { db } from "@/db/client";
import {
  assessments,
  auditLog,
  dataCollectionSupports,
  scoreMilestones,
  studentDataCollectionAssignments,
  studentEnrollments,
  studentResults,
  studentSupports,
  tenantFields,
  tenantMilestones,
} from "@/db/schema";
import { AppError, MESSAGES } from "@/lib/platform/errors";
import { MILESTONE_CLOSED } from "@/lib/scoring/milestones-schemas";
import { loadClassList, loadStudentPage } from "@/lib/scoring/student-page";
import { call } from "../support/api";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";
import { score } from "../support/school-fixtures";

/** The page's saves as its forms send them (callApi), with a request id to find their audit rows by. */
const headers = { "x-request-id": "student-page-test" };
const saveSupports = (token: string, enrollmentId: number, body: { dataCollectionId: number; supportIds: unknown }) =>
  call(putSupports, "PUT", `/en/api/v1/enrollments/${enrollmentId}/supports`, { token, headers, params: { id: String(enrollmentId) }, body });
const saveComment = (token: string, body: { id: number; supportComment: string | null }) =>
  call(putAssignment, "PUT", "/en/api/v1/data-collections-student-assignments", { token, headers, body });
const captureFor = (token: string, body: { studentId: number; dataCollectionId: number; tenantMilestoneId: number }) =>
  call(capture, "POST", "/en/api/v1/score-milestone/capture", { token, headers, body });
const supportIdsOf = (res: { body: { dataCollectionsStudentSupports: { support_id: number }[] } }) =>
  res.body.dataCollectionsStudentSupports.map((s) => s.support_id).sort();

const DAY = 86_400_000;
const days = (n: number) => new Date(Date.now() + n * DAY);

let fx: ScoringAssessment;
let a: ScoringWorld;
let b: ScoringWorld;
let offered: { id: number }[];
let spring: { id: number };

async function assignmentOf(collectionId: number, enrollmentId: number): Promise<number> {
  const [row] = await db()
    .select({ id: studentDataCollectionAssignments.id })
    .from(studentDataCollectionAssignments)
    .where(and(eq(studentDataCollectionAssignments.dataCollectionId, collectionId), eq(studentDataCollectionAssignments.studentEnrollmentId, enrollmentId)));
  return row.id;
}

/** A stored level, as the results trigger would leave it once every domain is scored. */
async function setLevel(tenantId: number, dataCollectionId: number, studentEnrollmentId: number, performanceLevel: string) {
  await db()
    .insert(studentResults)
    .values({ tenantId, dataCollectionId, studentEnrollmentId, performanceLevel })
    .onConflictDoUpdate({ target: [studentResults.tenantId, studentResults.dataCollectionId, studentResults.studentEnrollmentId], set: { performanceLevel } });
}

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof AppError ? e.status : 500),
  );

beforeAll(async () => {
  fx = await makeScoringAssessment();
  await db()
    .update(assessments)
    .set({ configuration: { performanceLevels: [{ code: "EMERGING", label: "Emerging Readiness", min: 0, max: 10 }] } })
    .where(eq(assessments.id, fx.assessment.id));
  a = await makeScoringWorld(fx);
  b = await makeScoringWorld(fx);
  const t = a.tenant.id;
  const kid = a.kids[0];
  await db()
    .insert(tenantFields)
    .values([
      { tenantId: t, entity: "StudentsEnrollments", entityField: "input_1", label: "Classroom", sortOrder: 1 },
      {
        tenantId: t,
        entity: "StudentsEnrollments",
        entityField: "option_1",
        label: "Schedule",
        dataType: "select",
        options: [{ value: "FULL", label: "Full day" }],
        sortOrder: 2,
      },
      { tenantId: t, entity: "StudentsEnrollments", entityField: "input_2", label: "Bus", sortOrder: 3 },
    ]);
  await db().update(studentEnrollments).set({ input1: "Room 4", option1: "FULL" }).where(eq(studentEnrollments.id, kid.enrollment.id));
  offered = await db()
    .insert(dataCollectionSupports)
    .values([
      { tenantId: t, dataCollectionId: a.collection.id, label: "Sign language" },
      { tenantId: t, dataCollectionId: a.collection.id, label: "Enlarged print" },
    ])
    .returning();
  await db()
    .insert(studentSupports)
    .values({ tenantId: t, assignmentId: await assignmentOf(a.collection.id, kid.enrollment.id), supportId: offered[1].id });
  await score(t, a.collection.id, kid.enrollment.id, [fx.items[0].id], fx.entries.A.id);
  await setLevel(t, a.collection.id, kid.enrollment.id, "EMERGING");
  await setLevel(t, a.collection.id, a.kids[1].enrollment.id, "UNKNOWN_CODE");
  const [open, later] = await db()
    .insert(tenantMilestones)
    .values([
      { tenantId: t, label: "Fall", startDate: days(-1), endDate: days(10), sortOrder: 1 },
      { tenantId: t, label: "Spring", startDate: days(100), endDate: days(120), sortOrder: 2 },
    ])
    .returning();
  spring = later;
  await db()
    .insert(scoreMilestones)
    .values({
      tenantId: t,
      tenantMilestoneId: open.id,
      studentId: kid.student.id,
      dataCollectionId: a.collection.id,
      scores: [{ assessmentItemId: fx.items[0].id, scaleEntryId: fx.entries.A.id }],
    });
});

describe("the teacher's student page", () => {
  it("reads the child's results, supports, custom fields, history and milestones", async () => {
    const kid = a.kids[0];
    const page = await loadStudentPage(a.teacherActor, a.collection.id, kid.enrollment.id);
    expect(page.student.studentId).toBe(kid.student.id);
    expect(page.levelLabel).toBe("Emerging Readiness");
    expect(page.domains).toEqual([{ code: "LL", label: "Language and Literacy", score: null }]);
    expect(page.supports.map((s) => s.label)).toEqual(["Enlarged print", "Sign language"]);
    expect(page.selectedSupportIds).toEqual([page.supports[0].id]);
    expect(page.customFields.map((f) => [f.label, f.value])).toEqual([
      ["Classroom", "Room 4"],
      ["Schedule", "Full day"],
      ["Bus", null],
    ]);
    expect(page.active.map((m) => m.label)).toEqual(["Fall"]);
    expect(page.captured.map((c) => [c.label, c.scores.map((s) => s.entryCode)])).toEqual([["Fall", ["A"]]]);
    expect(page.itemCodes.get(fx.items[0].id)).toBe(fx.items[0].code);
  });

  it("is 404 for another teacher's child, an unassigned child, another tenant's collection and another tenant's teacher", async () => {
    expect(await status(loadStudentPage(a.teacherActor, a.collection.id, a.otherKid.enrollment.id))).toBe(404);
    expect(await status(loadStudentPage(a.teacherActor, a.collection.id, a.unassignedKid.enrollment.id))).toBe(404);
    expect(await status(loadStudentPage(a.teacherActor, b.collection.id, b.kids[0].enrollment.id))).toBe(404);
    expect(await status(loadStudentPage(b.teacherActor, a.collection.id, a.kids[0].enrollment.id))).toBe(404);
    expect(await status(loadClassList(b.teacherActor, a.collection.id))).toBe(404);
  });

  it("is 403 for an administrator (the teacher area's services)", async () => {
    expect(await status(loadStudentPage(a.adminActor, a.collection.id, a.kids[0].enrollment.id))).toBe(403);
  });

  it("lists the class with the level in words, or its code when the assessment has no label for it", async () => {
    const { students } = await loadClassList(a.teacherActor, a.collection.id);
    expect(students.map((s) => s.studentEnrollmentId).sort()).toEqual(a.kids.map((k) => k.enrollment.id).sort());
    const level = new Map(students.map((s) => [s.studentEnrollmentId, s.levelLabel]));
    expect(level.get(a.kids[0].enrollment.id)).toBe("Emerging Readiness");
    expect(level.get(a.kids[1].enrollment.id)).toBe("UNKNOWN_CODE");
    expect(level.get(a.kids[2].enrollment.id)).toBeNull();
  });
});

describe("the student page's saves (the API calls its forms make)", () => {
  it("replace the child's supports (audited) and answer the service's refusals in its words", async () => {
    const token = a.teacherToken;
    const kid = a.kids[2].enrollment.id;
    const collection = a.collection.id;
    const ids = offered.map((o) => o.id);
    const saved = await saveSupports(token, kid, { dataCollectionId: collection, supportIds: ids });
    expect(saved.status).toBe(200);
    expect(supportIdsOf(saved)).toEqual([...ids].sort());
    expect(supportIdsOf(await saveSupports(token, kid, { dataCollectionId: collection, supportIds: [ids[0]] }))).toEqual([ids[0]]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenant.id), eq(auditLog.entityType, "student_support"), eq(auditLog.requestId, "student-page-test")));
    expect(audits.map((r) => r.action).sort()).toEqual(["create", "create", "delete"]);
    const other = b.collection.id;
    expect((await saveSupports(token, kid, { dataCollectionId: collection, supportIds: [ids[0] + 100_000] })).body).toMatchObject({
      message: "Support is not offered in this collection",
    });
    expect((await saveSupports(token, a.otherKid.enrollment.id, { dataCollectionId: collection, supportIds: [] })).body).toMatchObject({
      message: "Student not found",
    });
    expect((await saveSupports(token, kid, { dataCollectionId: other, supportIds: [] })).body).toMatchObject({ message: "Student not found" });
    const invalid = await saveSupports(token, kid, { dataCollectionId: collection, supportIds: "x" });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContainEqual({ field: "supportIds", message: "Support ids must be a list of support ids" });
  });

  it("set and clear the support comment", async () => {
    const token = a.teacherToken;
    const assignmentId = await assignmentOf(a.collection.id, a.kids[2].enrollment.id);
    expect((await saveComment(token, { id: assignmentId, supportComment: "Large print" })).body.assignment.supportComment).toBe("Large print");
    expect((await saveComment(token, { id: assignmentId, supportComment: "  " })).body.assignment.supportComment).toBeNull();
    const othersAssignment = await assignmentOf(a.collection.id, a.otherKid.enrollment.id);
    expect((await saveComment(token, { id: othersAssignment, supportComment: "x" })).body).toMatchObject({ message: "Student not found" });
  });

  it("capture an open milestone, refuse a closed one with 409's message, and refuse an administrator", async () => {
    const kid = a.kids[2];
    const [open] = await db()
      .select()
      .from(tenantMilestones)
      .where(and(eq(tenantMilestones.tenantId, a.tenant.id), eq(tenantMilestones.label, "Fall")));
    const input = { studentId: kid.student.id, dataCollectionId: a.collection.id, tenantMilestoneId: open.id };
    expect((await captureFor(a.teacherToken, input)).status).toBe(200);
    expect(await captureFor(a.teacherToken, { ...input, tenantMilestoneId: spring.id })).toMatchObject({ status: 409, body: { message: MILESTONE_CLOSED } });
    expect(await captureFor(a.adminToken, input)).toMatchObject({ status: 403, body: { message: MESSAGES[403] } });
    expect(await saveComment(a.adminToken, { id: 1, supportComment: null })).toMatchObject({ status: 403, body: { message: MESSAGES[403] } });
  });
});
