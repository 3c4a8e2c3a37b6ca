import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { PUT as commentPut } from "@/app/en/api/v1/data-collections-student-assignments/route";
import { DELETE, GET, POST, PUT } from "@/app/en/api/v1/data-collections/[id]/supports/route";
import { PUT as enrollmentPut } from "@/app/en/api/v1/enrollments/[id]/supports/route";
import { db } from "@/db/client";
import { auditLog, dataCollectionSupports, studentDataCollectionAssignments, studentSupports } from "@/db/schema";
import { call } from "../support/api";
import { makeScoringAssessment, makeScoringWorld, type ScoringWorld } from "../support/scoring-world";

let a: ScoringWorld;
let b: ScoringWorld;
/** A's collection offers two supports, its closed collection one, B's collection one. */
let s1: number;
let s2: number;
let closedSupport: number;
let foreignSupport: number;

// Each test its own two tenants, and the supports it reads are the ones it gave.
beforeEach(async () => {
  const assessment = await makeScoringAssessment(2);
  a = await makeScoringWorld(assessment);
  b = await makeScoringWorld(assessment);
  const add = async (w: ScoringWorld, dataCollectionId: number, label: string, code: string | null) =>
    (await db().insert(dataCollectionSupports).values({ tenantId: w.tenant.id, dataCollectionId, label, code }).returning())[0].id;
  s1 = await add(a, a.collection.id, "Interpreter", "INT");
  s2 = await add(a, a.collection.id, "Braille", null);
  closedSupport = await add(a, a.closed.id, "Large print", "LP");
  foreignSupport = await add(b, b.collection.id, "Interpreter", "INT");
});

const send = (handler: typeof GET, method: string, token: string, id: number, options: { body?: unknown; query?: Record<string, string | number> } = {}) =>
  call(handler, method, `/en/api/v1/data-collections/${id}/supports`, { token, params: { id: String(id) }, ...options });
const kid = (w: ScoringWorld, i = 0) => w.kids[i].enrollment.id;
const assignmentId = async (w: ScoringWorld, collectionId: number, enrollmentId: number) =>
  (
    await db()
      .select()
      .from(studentDataCollectionAssignments)
      .where(
        and(
          eq(studentDataCollectionAssignments.tenantId, w.tenant.id),
          eq(studentDataCollectionAssignments.dataCollectionId, collectionId),
          eq(studentDataCollectionAssignments.studentEnrollmentId, enrollmentId),
        ),
      )
  )[0];
const supportsOf = async (assignment: number) =>
  (await db().select().from(studentSupports).where(eq(studentSupports.assignmentId, assignment))).map((r) => r.supportId).sort((x, y) => x - y);
/** The other teacher's student given Braille, as a test's starting point. */
async function otherKidHasBraille() {
  const otherAssignment = await assignmentId(a, a.collection.id, a.otherKid.enrollment.id);
  await db().insert(studentSupports).values({ tenantId: a.tenant.id, assignmentId: otherAssignment.id, supportId: s2 });
  return otherAssignment;
}
// In the order written: the tests slice off the rows a call added.
const audits = (tenantId: number, entityType: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.entityType, entityType)))
    .orderBy(auditLog.id);

describe("POST, GET and DELETE /data-collections/{id}/supports", () => {
  it("adds one of the collection's supports to a rostered student once, answers the student's rows, and audits it", async () => {
    const res = await send(POST, "POST", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: kid(a), supportId: s1 } });
    expect(res.status).toBe(200);
    const assignment = await assignmentId(a, a.collection.id, kid(a));
    expect(res.body).toEqual({
      dataCollectionsStudentSupports: [
        { id: expect.any(Number), assignment_id: assignment.id, support_id: s1, studentEnrollmentId: kid(a), label: "Interpreter", code: "INT" },
      ],
    });
    const again = await send(POST, "POST", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: kid(a), supportId: s1 } });
    expect(again.body).toEqual(res.body);
    const rows = await audits(a.tenant.id, "student_support");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "create",
      entityId: res.body.dataCollectionsStudentSupports[0].id,
      studentId: a.kids[0].student.id,
      userId: a.teacher.id,
    });
    expect(rows[0].details).toEqual({ dataCollectionId: a.collection.id, studentEnrollmentId: kid(a), assignmentId: assignment.id, supportId: s1 });
  });

  it("lists the teacher's students' supports and the collection's offered supports, not another teacher's student's", async () => {
    expect((await send(POST, "POST", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: kid(a), supportId: s1 } })).status).toBe(200);
    await otherKidHasBraille();
    const res = await send(GET, "GET", a.teacherToken, a.collection.id);
    expect(res.status).toBe(200);
    expect(res.body.supports).toEqual([
      { id: s2, label: "Braille", code: null },
      { id: s1, label: "Interpreter", code: "INT" },
    ]);
    expect(res.body.dataCollectionsStudentSupports.map((r: { studentEnrollmentId: number }) => r.studentEnrollmentId)).toEqual([kid(a)]);
  });

  it("refuses a support the collection does not offer with 400, and another teacher's, an unassigned or another tenant's student with 404, changing nothing", async () => {
    const before = await db().select().from(studentSupports);
    for (const supportId of [closedSupport, foreignSupport, 999999]) {
      const res = await send(POST, "POST", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: kid(a, 1), supportId } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Support is not offered in this collection");
    }
    for (const studentEnrollmentId of [a.otherKid.enrollment.id, a.unassignedKid.enrollment.id, kid(b)]) {
      const res = await send(POST, "POST", a.teacherToken, a.collection.id, { body: { studentEnrollmentId, supportId: s1 } });
      expect(res.status).toBe(404);
    }
    expect((await send(POST, "POST", a.teacherToken, b.collection.id, { body: { studentEnrollmentId: kid(b), supportId: foreignSupport } })).status).toBe(404);
    expect((await send(POST, "POST", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: kid(a), supportId: "x" } })).status).toBe(400);
    expect(await db().select().from(studentSupports)).toEqual(before);
  });

  it("removes one row of the teacher's student and audits it; another teacher's or tenant's row answers 404", async () => {
    const added = await send(POST, "POST", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: kid(a, 2), supportId: s2 } });
    const id = added.body.dataCollectionsStudentSupports[0].id;
    const otherAssignment = await otherKidHasBraille();
    const [theirs] = await db().select().from(studentSupports).where(eq(studentSupports.assignmentId, otherAssignment.id));
    const foreign = await send(POST, "POST", b.teacherToken, b.collection.id, { body: { studentEnrollmentId: kid(b), supportId: foreignSupport } });
    expect(foreign.status).toBe(200);
    expect((await send(DELETE, "DELETE", a.teacherToken, a.collection.id, { query: { id: theirs.id } })).status).toBe(404);
    expect((await send(DELETE, "DELETE", a.teacherToken, a.collection.id, { query: { id: foreign.body.dataCollectionsStudentSupports[0].id } })).status).toBe(
      404,
    );
    expect(await supportsOf(otherAssignment.id)).toEqual([s2]);
    const res = await send(DELETE, "DELETE", a.teacherToken, a.collection.id, { query: { id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dataCollectionsStudentSupports: [] });
    const rows = (await audits(a.tenant.id, "student_support")).filter((r) => r.entityId === id);
    expect(rows.map((r) => r.action).sort()).toEqual(["create", "delete"]);
  });

  it("refuses an admin token with 403", async () => {
    expect((await send(GET, "GET", a.adminToken, a.collection.id)).status).toBe(403);
    expect((await send(POST, "POST", a.adminToken, a.collection.id, { body: { studentEnrollmentId: kid(a), supportId: s1 } })).status).toBe(403);
  });
});

describe("PUT /data-collections/{id}/supports and /enrollments/{id}/supports", () => {
  it("replaces the student's set, auditing each added and removed support", async () => {
    const enrollment = kid(a, 1);
    const assignment = await assignmentId(a, a.collection.id, enrollment);
    const first = await send(PUT, "PUT", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: enrollment, supportIds: [s1, s2, s1] } });
    expect(first.status).toBe(200);
    expect(first.body.dataCollectionsStudentSupports.map((r: { support_id: number }) => r.support_id).sort()).toEqual([s1, s2].sort());
    const auditBefore = (await audits(a.tenant.id, "student_support")).length;
    const second = await call(enrollmentPut, "PUT", `/en/api/v1/enrollments/${enrollment}/supports`, {
      token: a.teacherToken,
      params: { id: String(enrollment) },
      body: { dataCollectionId: a.collection.id, supportIds: [s2] },
    });
    expect(second.status).toBe(200);
    expect(second.body.dataCollectionsStudentSupports).toEqual([
      { id: expect.any(Number), assignment_id: assignment.id, support_id: s2, studentEnrollmentId: enrollment, label: "Braille", code: null },
    ]);
    expect(await supportsOf(assignment.id)).toEqual([s2]);
    const added = (await audits(a.tenant.id, "student_support")).slice(auditBefore);
    expect(added.map((r) => [r.action, (r.details as { supportId: number }).supportId])).toEqual([["delete", s1]]);
  });

  it("changes nothing on a support not offered (400) or a student not the teacher's (404)", async () => {
    const enrollment = kid(a, 1);
    const assignment = await assignmentId(a, a.collection.id, enrollment);
    const given = await send(PUT, "PUT", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: enrollment, supportIds: [s2] } });
    expect(given.status).toBe(200);
    const otherAssignment = await otherKidHasBraille();
    const before = await supportsOf(assignment.id);
    expect(before).toEqual([s2]);
    const bad = await send(PUT, "PUT", a.teacherToken, a.collection.id, { body: { studentEnrollmentId: enrollment, supportIds: [s1, closedSupport] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Support is not offered in this collection");
    expect(await supportsOf(assignment.id)).toEqual(before);
    for (const [id, collection] of [
      [a.otherKid.enrollment.id, a.collection.id],
      [kid(b), b.collection.id],
      [kid(b), a.collection.id],
    ]) {
      const res = await call(enrollmentPut, "PUT", `/en/api/v1/enrollments/${id}/supports`, {
        token: a.teacherToken,
        params: { id: String(id) },
        body: { dataCollectionId: collection, supportIds: [] },
      });
      expect(res.status).toBe(404);
    }
    expect(await supportsOf(otherAssignment.id)).toEqual([s2]);
    const admin = await call(enrollmentPut, "PUT", `/en/api/v1/enrollments/${enrollment}/supports`, {
      token: a.adminToken,
      params: { id: String(enrollment) },
      body: { dataCollectionId: a.collection.id, supportIds: [] },
    });
    expect(admin.status).toBe(403);
  });
});

describe("PUT /data-collections-student-assignments", () => {
  const put = (token: string, body: unknown) => call(commentPut, "PUT", "/en/api/v1/data-collections-student-assignments", { token, body });

  it("sets and clears the supports note and audits the field name, never the text", async () => {
    const assignment = await assignmentId(a, a.collection.id, kid(a));
    const res = await put(a.teacherToken, { id: assignment.id, supportComment: "Needs a quiet room" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      assignment: { id: assignment.id, studentEnrollmentId: kid(a), dataCollectionId: a.collection.id, supportComment: "Needs a quiet room" },
    });
    const cleared = await put(a.teacherToken, { id: assignment.id, supportComment: null });
    expect(cleared.body.assignment.supportComment).toBeNull();
    const rows = await audits(a.tenant.id, "student_assignment");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ action: "update", entityId: assignment.id, studentId: a.kids[0].student.id });
    expect(rows[0].details).toEqual({ dataCollectionId: a.collection.id, studentEnrollmentId: kid(a), fields: ["supportComment"] });
    expect(JSON.stringify(rows)).not.toContain("quiet room");
  });

  it("refuses a note over 2000 characters (400), another teacher's or tenant's assignment (404) and an admin (403), changing nothing", async () => {
    const mine = await assignmentId(a, a.collection.id, kid(a, 1));
    const theirs = await assignmentId(a, a.collection.id, a.otherKid.enrollment.id);
    const foreign = await assignmentId(b, b.collection.id, kid(b));
    const long = await put(a.teacherToken, { id: mine.id, supportComment: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Support comment must be at most 2000 characters");
    for (const id of [theirs.id, foreign.id]) expect((await put(a.teacherToken, { id, supportComment: "Mine now" })).status).toBe(404);
    expect((await put(a.adminToken, { id: mine.id, supportComment: "Admin" })).status).toBe(403);
    const after = await db()
      .select()
      .from(studentDataCollectionAssignments)
      .where(inArray(studentDataCollectionAssignments.id, [mine.id, theirs.id, foreign.id]));
    expect(after.map((r) => r.supportComment)).toEqual([null, null, null]);
  });
});
