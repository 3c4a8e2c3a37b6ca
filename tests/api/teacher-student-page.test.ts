import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  captureMilestoneAction,
  saveStudentSupportsAction,
  saveSupportCommentAction,
} from "@/app/teacher/collections/[id]/students/[studentEnrollmentId]/actions";
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
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";
import { score } from "../support/school-fixtures";

/** The server actions read the request's headers: the session of whoever `as` names. */
const request = vi.hoisted(() => ({ token: "" }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ authorization: `Bearer ${request.token}`, "user-agent": "vitest", "x-request-id": "student-page-test" }),
}));

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

describe("the student page's actions", () => {
  it("replace the child's supports (audited) and answer the service's refusals in its words", async () => {
    request.token = a.teacherToken;
    const kid = a.kids[2].enrollment.id;
    const input = { dataCollectionId: a.collection.id, studentEnrollmentId: kid };
    const ids = offered.map((o) => o.id);
    const saved = await saveStudentSupportsAction({ ...input, supportIds: ids });
    expect(saved.ok && saved.data.supportIds.sort()).toEqual([...ids].sort());
    expect(await saveStudentSupportsAction({ ...input, supportIds: [ids[0]] })).toEqual({ ok: true, data: { supportIds: [ids[0]] } });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenant.id), eq(auditLog.entityType, "student_support"), eq(auditLog.requestId, "student-page-test")));
    expect(audits.map((r) => r.action).sort()).toEqual(["create", "create", "delete"]);
    const other = b.collection.id;
    expect(await saveStudentSupportsAction({ ...input, supportIds: [ids[0] + 100_000] })).toMatchObject({
      ok: false,
      message: "Support is not offered in this collection",
    });
    expect(await saveStudentSupportsAction({ ...input, studentEnrollmentId: a.otherKid.enrollment.id, supportIds: [] })).toMatchObject({
      ok: false,
      message: "Student not found",
    });
    expect(await saveStudentSupportsAction({ ...input, dataCollectionId: other, supportIds: [] })).toMatchObject({ ok: false, message: "Student not found" });
    expect(await saveStudentSupportsAction({ ...input, supportIds: "x" as unknown as number[] })).toMatchObject({
      ok: false,
      message: "Support ids must be a list of support ids",
    });
  });

  it("set and clear the support comment", async () => {
    request.token = a.teacherToken;
    const assignmentId = await assignmentOf(a.collection.id, a.kids[2].enrollment.id);
    expect(await saveSupportCommentAction({ id: assignmentId, supportComment: "Large print" })).toEqual({ ok: true, data: { supportComment: "Large print" } });
    expect(await saveSupportCommentAction({ id: assignmentId, supportComment: "  " })).toEqual({ ok: true, data: { supportComment: null } });
    const othersAssignment = await assignmentOf(a.collection.id, a.otherKid.enrollment.id);
    expect(await saveSupportCommentAction({ id: othersAssignment, supportComment: "x" })).toMatchObject({ ok: false, message: "Student not found" });
  });

  it("capture an open milestone, refuse a closed one with 409's message, and refuse an administrator", async () => {
    request.token = a.teacherToken;
    const kid = a.kids[2];
    const [open] = await db()
      .select()
      .from(tenantMilestones)
      .where(and(eq(tenantMilestones.tenantId, a.tenant.id), eq(tenantMilestones.label, "Fall")));
    const input = { studentId: kid.student.id, dataCollectionId: a.collection.id, tenantMilestoneId: open.id };
    expect(await captureMilestoneAction(input)).toMatchObject({ ok: true });
    expect(await captureMilestoneAction({ ...input, tenantMilestoneId: spring.id })).toEqual({ ok: false, message: MILESTONE_CLOSED });
    request.token = a.adminToken;
    expect(await captureMilestoneAction(input)).toEqual({ ok: false, message: MESSAGES[403] });
    expect(await saveSupportCommentAction({ id: 1, supportComment: null })).toEqual({ ok: false, message: MESSAGES[403] });
  });
});
