import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import {
  auditLog,
  collectionLocationProgress,
  dataCollectionDistrictAssignments,
  dataCollectionLocationAssignments,
  dataCollections,
  studentEnrollments,
  studentOutputs,
  students,
} from "@/db/schema";
import { GET as enrollmentsJson } from "@/app/en/api/v1/admin/tenants/[tenantId]/students/[studentId]/enrollments.json/route";
import { GET as poasJson } from "@/app/en/api/v1/admin/tenants/[tenantId]/students/[studentId]/poas.json/route";
import { GET as validateJson } from "@/app/en/api/v1/admin/tenants/[tenantId]/students/[studentId]/poas/[poaId]/validate.json/route";
import { DELETE as assignmentDelete, GET as assignmentsGet, POST as assignmentPost } from "@/app/en/api/v1/data-collections-student-assignments/route";
import { GET as outputsGet } from "@/app/en/api/v1/data-collections-students-outputs/route";
import { GET as legacyGet } from "@/app/en/api/v1/data-collections/[id]/students/legacy/route";
import { GET as associationsGet } from "@/app/en/api/v1/enrollment-associations/route";
import { GET as enrollmentsGet, PUT as enrollmentPut } from "@/app/en/api/v1/enrollments/route";
import { DELETE as rosterDelete, GET as rosterGet, POST as rosterPost } from "@/app/en/api/v1/user-students-associations/route";
import { GET as availableGet } from "@/app/en/api/v1/user-students-associations/[userId]/available/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeEnrollment, makeLocation, makeStudent, makeTenantField, makeUser } from "../support/factories";
import { makeScoringAssessment, makeScoringWorld, type ScoringAssessment, type ScoringWorld } from "../support/scoring-world";

/**
 * World A (tests/support/scoring-world): a school with two teachers and an open collection. Added:
 * a second school of the district; Omar in another
 * district; a hidden-token collection at the school; the tenant's custom enrollment fields; a
 * district admin, a location admin of the second school, and a non-teacher member of the school.
 * World B: another tenant.
 */
let fx: ScoringAssessment;
let A: ScoringWorld;
let B: ScoringWorld;
let X: Awaited<ReturnType<typeof extend>>;
const HEADERS = { "user-agent": "vitest", "x-forwarded-for": "10.77.0.9" };

async function extend(w: ScoringWorld) {
  const t = w.tenant.id;
  const school = { id: w.tree.location.id, districtId: w.tree.district.id };
  const second = await makeLocation(t, w.tree.district.id, { name: "Second School" });
  const d2 = await makeDistrict(t, w.tree.region.id);
  const far = await makeLocation(t, d2.id, { name: "Far School" });
  const omar = await makeStudent(t, { firstName: "Omar", lastName: "Reed", parentLocationId: far.id });
  const omarHome = await makeEnrollment(t, omar.id, far);
  const [hidden] = await db()
    .insert(dataCollections)
    .values({
      tenantId: t,
      schoolYearId: fx.schoolYearId,
      assessmentId: fx.assessment.id,
      collectionName: "Hidden token",
      cycleStartDate: new Date(Date.now() - 86400_000),
      cycleEndDate: new Date(Date.now() + 30 * 86400_000),
      enrollmentEndDate: new Date(Date.now() + 20 * 86400_000),
      hideToken: true,
    })
    .returning();
  await db().insert(dataCollectionLocationAssignments).values({ tenantId: t, dataCollectionId: hidden.id, locationId: school.id });
  // A collection of the other district only.
  const [elsewhere] = await db()
    .insert(dataCollections)
    .values({
      tenantId: t,
      schoolYearId: fx.schoolYearId,
      assessmentId: fx.assessment.id,
      collectionName: "Far only",
      cycleStartDate: new Date(),
      cycleEndDate: new Date(Date.now() + 30 * 86400_000),
      enrollmentEndDate: new Date(Date.now() + 20 * 86400_000),
    })
    .returning();
  await db().insert(dataCollectionDistrictAssignments).values({ tenantId: t, dataCollectionId: elsewhere.id, districtId: d2.id });
  await makeTenantField(t, { entityField: "input_1", label: "Classroom", dataType: "text" });
  await makeTenantField(t, { entityField: "input_2", label: "Days absent", dataType: "number" });
  await makeTenantField(t, {
    entityField: "option_1",
    label: "Schedule",
    dataType: "select",
    required: true,
    options: [
      { value: "FULL", label: "Full day" },
      { value: "HALF", label: "Half day" },
    ],
  });
  const nonTeacher = await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: school.id }] });
  return {
    second,
    d2,
    far,
    omar,
    omarHome,
    hidden,
    elsewhere,
    nonTeacher,
    districtAdmin: await tokenFor(await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: w.tree.district.id, administrative: true }] })),
    secondAdmin: await tokenFor(await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: second.id, administrative: true }] })),
  };
}

beforeAll(async () => {
  fx = await makeScoringAssessment(2);
  A = await makeScoringWorld(fx, 2);
  B = await makeScoringWorld(fx, 1);
  X = await extend(A);
});

/** Each test's own Nia: enrolled at the school (POA) and at the second school of the district. */
async function newNia(overrides: { lastName?: string } = {}) {
  const t = A.tenant.id;
  const school = { id: A.tree.location.id, districtId: A.tree.district.id };
  const student = await makeStudent(t, { firstName: "Nia", parentLocationId: school.id, ...overrides });
  const home = await makeEnrollment(t, student.id, school);
  const second = await makeEnrollment(t, student.id, { id: X.second.id, districtId: A.tree.district.id }, { isPointOfAuthority: false });
  return { student, home, second };
}

/** Assigns an enrollment to a collection, as a test's starting point. */
async function assigned(enrollmentId: number, collectionId: number) {
  const res = await call(assignmentPost, "POST", "/x", {
    token: A.adminToken,
    body: { studentEnrollmentId: enrollmentId, parentDataCollectionId: collectionId, teacherType: "Primary" },
  });
  expect(res.status).toBe(200);
}

const auditOf = (studentId: number) => db().select().from(auditLog).where(eq(auditLog.studentId, studentId)).orderBy(auditLog.id);
const put = (token: string, body: unknown) => call(enrollmentPut, "PUT", "/en/api/v1/enrollments", { token, body, headers: HEADERS });

describe("GET /enrollments and the admin enrollments.json, poas.json", () => {
  it("lists a student's enrollments, the POA first, with location names", async () => {
    const nia = await newNia();
    const res = await call(enrollmentsGet, "GET", "/en/api/v1/enrollments", { token: A.adminToken, query: { studentId: nia.student.id } });
    expect(res.status).toBe(200);
    expect(res.body.enrollments.map((e: { id: number }) => e.id)).toEqual([nia.home.id, nia.second.id]);
    expect(res.body.enrollments[0]).toMatchObject({
      isPointOfAuthority: true,
      parentLocationId: A.tree.location.id,
      parentDistrictId: A.tree.district.id,
      input1: null,
      option10: null,
    });
    const json = await call(enrollmentsJson, "GET", "/x", {
      token: X.districtAdmin,
      params: { tenantId: String(A.tenant.id), studentId: String(nia.student.id) },
    });
    expect(json.body.enrollments).toHaveLength(2);
    const poas = await call(poasJson, "GET", "/x", { token: A.adminToken, params: { tenantId: String(A.tenant.id), studentId: String(nia.student.id) } });
    expect(poas.body.poas.map((p: { locationName: string; isPointOfAuthority: boolean }) => [p.locationName, p.isPointOfAuthority])).toEqual([
      [A.tree.location.name, true],
      ["Second School", false],
    ]);
  });

  it("answers 404 for another district's student, another tenant's, and another tenant id in the path; 403 for a teacher", async () => {
    const nia = await newNia();
    expect((await call(enrollmentsGet, "GET", "/x", { token: X.districtAdmin, query: { studentId: X.omar.id } })).status).toBe(404);
    expect((await call(enrollmentsGet, "GET", "/x", { token: A.adminToken, query: { studentId: B.kids[0].student.id } })).status).toBe(404);
    expect(
      (await call(enrollmentsJson, "GET", "/x", { token: A.adminToken, params: { tenantId: String(B.tenant.id), studentId: String(B.kids[0].student.id) } }))
        .status,
    ).toBe(404);
    expect((await call(enrollmentsGet, "GET", "/x", { token: A.teacherToken, query: { studentId: nia.student.id } })).status).toBe(403);
    const bad = await call(enrollmentsGet, "GET", "/x", { token: A.adminToken, query: { studentId: "abc" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "studentId", message: "Must be a positive whole number" }]);
  });
});

describe("PUT /enrollments", () => {
  it("saves custom fields (blank as null, numbers as numbers) and audits the field names only", async () => {
    const nia = await newNia();
    const res = await put(X.districtAdmin, { id: nia.home.id, input1: "Room 4", input2: 3, option1: "HALF", input3: null });
    expect(res.status).toBe(200);
    expect(res.body.enrollment).toMatchObject({ input1: "Room 4", input2: 3, option1: "HALF" });
    expect(res.body.message).toBeUndefined();
    const blank = await put(X.districtAdmin, { id: nia.home.id, input1: "  ", input2: "7" });
    expect(blank.body.enrollment).toMatchObject({ input1: null, input2: 7, option1: "HALF" });
    const audit = (await auditOf(nia.student.id)).filter((a) => a.entityType === "student_enrollment" && a.action !== "view");
    expect(audit.map((a) => a.details)).toEqual([{ fields: ["input1", "input2", "option1"] }, { fields: ["input1", "input2"] }]);
    expect(audit[0]).toMatchObject({ action: "update", entityId: nia.home.id, requestId: expect.any(String) });
    expect(JSON.stringify(audit)).not.toContain("Room 4");
  });

  it("refuses bad values with 400 and each field's message, writing nothing", async () => {
    const nia = await newNia();
    expect((await put(A.adminToken, { id: nia.home.id, option1: "HALF" })).status).toBe(200);
    const res = await put(A.adminToken, { id: nia.home.id, input1: "Room 9", input2: "many", option1: "NIGHT", input5: "x" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { field: "input2", message: "Must be a number" },
      { field: "input5", message: "Is not a custom field of this tenant" },
      { field: "option1", message: "Must be one of: FULL, HALF" },
    ]);
    const required = await put(A.adminToken, { id: nia.home.id, option1: "" });
    expect(required.body.errors).toEqual([{ field: "option1", message: "Is required" }]);
    const [row] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, nia.home.id));
    expect(row).toMatchObject({ input1: null, option1: "HALF" });
    const shape = await put(A.adminToken, { id: "x", isPointOfAuthority: "yes", input1: {} });
    expect(shape.status).toBe(400);
    expect(shape.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["id", "input1", "isPointOfAuthority"]);
  });

  it("validates and changes the POA: 'POA changed successfully', the student moves, audited", async () => {
    const nia = await newNia();
    const params = (poaId: number) => ({ tenantId: String(A.tenant.id), studentId: String(nia.student.id), poaId: String(poaId) });
    expect((await call(validateJson, "GET", "/x", { token: A.adminToken, params: params(nia.second.id) })).body).toEqual({ valid: true, reasons: [] });
    expect((await call(validateJson, "GET", "/x", { token: A.adminToken, params: params(nia.home.id) })).body).toEqual({
      valid: false,
      reasons: ["The enrollment is already the point of authority"],
    });
    // Another student's enrollment under this student's path is not found.
    expect((await call(validateJson, "GET", "/x", { token: A.adminToken, params: params(X.omarHome.id) })).status).toBe(404);
    // The second school's admin cannot pull the student's POA: the student is not theirs.
    expect((await put(X.secondAdmin, { id: nia.second.id, isPointOfAuthority: true })).status).toBe(404);

    const res = await put(X.districtAdmin, { id: nia.second.id, isPointOfAuthority: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "POA changed successfully", enrollment: { id: nia.second.id, isPointOfAuthority: true } });
    const [student] = await db().select().from(students).where(eq(students.id, nia.student.id));
    expect(student.parentLocationId).toBe(X.second.id);
    const poa = await db()
      .select()
      .from(studentEnrollments)
      .where(and(eq(studentEnrollments.studentId, nia.student.id), eq(studentEnrollments.isPointOfAuthority, true)));
    expect(poa.map((e) => e.id)).toEqual([nia.second.id]);
    const [audit] = (await auditOf(nia.student.id)).filter((a) => a.action === "poa_change");
    expect(audit.details).toEqual({ previousPoaIds: [nia.home.id], fromLocationId: A.tree.location.id, toLocationId: X.second.id });

    const unset = await put(A.adminToken, { id: nia.second.id, isPointOfAuthority: false });
    expect(unset.status).toBe(400);
    // And back home.
    expect((await put(A.adminToken, { id: nia.home.id, isPointOfAuthority: true })).body.message).toBe("POA changed successfully");
  });

  it("refuses an inactive enrollment as POA, other tenants' ids and teachers", async () => {
    const nia = await newNia();
    const closed = await makeEnrollment(
      A.tenant.id,
      nia.student.id,
      { id: X.second.id, districtId: A.tree.district.id },
      { isPointOfAuthority: false, active: false },
    );
    const res = await put(A.adminToken, { id: closed.id, isPointOfAuthority: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The enrollment is not active", errors: [{ field: "isPointOfAuthority", message: "The enrollment is not active" }] });
    expect((await put(A.adminToken, { id: B.kids[0].enrollment.id, input1: "x" })).status).toBe(404);
    expect((await put(X.districtAdmin, { id: X.omarHome.id, input1: "x" })).status).toBe(404);
    expect((await put(A.teacherToken, { id: nia.home.id, input1: "x" })).status).toBe(403);
  });
});

describe("Rosters: /user-students-associations and /enrollment-associations", () => {
  const roster = (token: string, body: unknown) => call(rosterPost, "POST", "/x", { token, body, headers: HEADERS });
  const legacy = () => call(legacyGet, "GET", "/x", { token: A.teacherToken, params: { id: String(A.collection.id) } });
  const onRoster = async (enrollmentId: number) => {
    const res = await roster(A.adminToken, { userId: A.teacher.id, studentEnrollmentId: enrollmentId, parentLocationId: A.tree.location.id });
    expect(res.status).toBe(200);
    return res.body.userStudentsAssociation.id as number;
  };
  const onScreen = async () => (await legacy()).body.students.map((s: { studentEnrollmentId: number }) => s.studentEnrollmentId);

  it("lists what a teacher could be given, rosters the student, and the teacher then scores them", async () => {
    const nia = await newNia({ lastName: "Zephyr" });
    // Nia is assigned to the open collection but on nobody's roster: not on the scoring screen.
    expect(
      (
        await call(assignmentPost, "POST", "/x", {
          token: A.adminToken,
          body: { studentEnrollmentId: nia.home.id, parentDataCollectionId: A.collection.id, teacherType: "Primary" },
        })
      ).status,
    ).toBe(200);
    expect(await onScreen()).not.toContain(nia.home.id);

    const available = await call(availableGet, "GET", "/x", { token: X.districtAdmin, params: { userId: String(A.teacher.id) } });
    expect(available.status).toBe(200);
    const ids = available.body.students.map((s: { studentEnrollmentId: number }) => s.studentEnrollmentId);
    expect(ids).toContain(nia.home.id);
    expect(ids).toContain(A.otherKid.enrollment.id);
    expect(ids).not.toContain(A.kids[0].enrollment.id); // already theirs
    expect(ids).not.toContain(nia.second.id); // not the teacher's school
    const searched = await call(availableGet, "GET", "/x", { token: X.districtAdmin, params: { userId: String(A.teacher.id) }, query: { search: "zep" } });
    expect(searched.body.students.map((s: { firstName: string }) => s.firstName)).toEqual(["Nia"]);

    const res = await roster(X.districtAdmin, { userId: A.teacher.id, studentEnrollmentId: nia.home.id, parentLocationId: A.tree.location.id });
    expect(res.status).toBe(200);
    expect(res.body.userStudentsAssociation).toMatchObject({
      userId: A.teacher.id,
      studentEnrollmentId: nia.home.id,
      parentLocationId: A.tree.location.id,
      teacherLastName: A.teacher.lastName,
    });
    const associationId = res.body.userStudentsAssociation.id;
    expect(await onScreen()).toContain(nia.home.id);

    const list = await call(rosterGet, "GET", "/x", { token: A.adminToken, query: { userId: A.teacher.id } });
    expect(list.body.userStudentsAssociations.map((r: { studentEnrollmentId: number }) => r.studentEnrollmentId)).toContain(nia.home.id);
    const byEnrollment = await call(associationsGet, "GET", "/x", { token: A.adminToken, query: { enrollmentId: nia.home.id } });
    expect(byEnrollment.body.enrollmentAssociations).toEqual([
      {
        id: associationId,
        createdAt: expect.any(Number),
        teacherFirstName: A.teacher.firstName,
        teacherLastName: A.teacher.lastName,
        userId: A.teacher.id,
        parentLocationId: A.tree.location.id,
        studentEnrollmentId: nia.home.id,
      },
    ]);
    const [audit] = (await auditOf(nia.student.id)).filter((a) => a.entityType === "enrollment_association");
    expect(audit).toMatchObject({
      action: "create",
      entityId: associationId,
      details: { userId: A.teacher.id, studentEnrollmentId: nia.home.id, locationId: A.tree.location.id },
    });
  });

  it("refuses twice (409), non-teachers and enrollments elsewhere (400), other districts and tenants (404), teachers (403)", async () => {
    const nia = await newNia();
    await onRoster(nia.home.id);
    const body = { userId: A.teacher.id, studentEnrollmentId: nia.home.id, parentLocationId: A.tree.location.id };
    const twice = await roster(A.adminToken, body);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe("The student is already on this teacher's roster");
    const wrong = await roster(A.adminToken, { ...body, userId: X.nonTeacher.id, studentEnrollmentId: nia.second.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: "userId", message: "Must be a teacher at the location" },
      { field: "studentEnrollmentId", message: "Must be an active enrollment at the location" },
    ]);
    expect((await roster(X.secondAdmin, body)).status).toBe(404);
    expect((await roster(A.adminToken, { ...body, userId: B.teacher.id })).status).toBe(404);
    expect((await roster(A.adminToken, { ...body, studentEnrollmentId: B.kids[0].enrollment.id })).status).toBe(404);
    expect((await roster(A.teacherToken, body)).status).toBe(403);
    expect((await roster(A.adminToken, { userId: 0 })).body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "parentLocationId",
      "studentEnrollmentId",
      "userId",
    ]);
    expect((await call(rosterGet, "GET", "/x", { token: X.secondAdmin, query: { userId: A.teacher.id } })).status).toBe(404);
    expect((await call(availableGet, "GET", "/x", { token: A.adminToken, params: { userId: String(B.teacher.id) } })).status).toBe(404);
    expect((await call(associationsGet, "GET", "/x", { token: X.districtAdmin, query: { enrollmentId: X.omarHome.id } })).status).toBe(404);
  });

  it("unassigns: off the roster and off the scoring screen, audited; out of reach is 404", async () => {
    const nia = await newNia();
    await assigned(nia.home.id, A.collection.id);
    const associationId = await onRoster(nia.home.id);
    expect(await onScreen()).toContain(nia.home.id);
    expect((await call(rosterDelete, "DELETE", "/x", { token: X.secondAdmin, query: { associationId } })).status).toBe(404);
    expect((await call(rosterDelete, "DELETE", "/x", { token: B.adminToken, query: { associationId } })).status).toBe(404);
    const res = await call(rosterDelete, "DELETE", "/x", { token: X.districtAdmin, query: { associationId }, headers: HEADERS });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(await onScreen()).not.toContain(nia.home.id);
    const audit = (await auditOf(nia.student.id)).filter((a) => a.entityType === "enrollment_association").map((a) => a.action);
    expect(audit).toEqual(["create", "delete"]);
    expect((await call(rosterDelete, "DELETE", "/x", { token: A.adminToken, query: { associationId } })).status).toBe(404);
  });
});

describe("Collection assignments: /data-collections-student-assignments", () => {
  const assign = (token: string, body: Record<string, unknown>) =>
    call(assignmentPost, "POST", "/x", { token, body: { teacherType: "Primary", ...body }, headers: HEADERS });
  const list = (token: string, enrollmentId: number) => call(assignmentsGet, "GET", "/x", { token, query: { enrollmentId } });
  async function progress(collectionId: number, locationId: number) {
    const [row] = await db()
      .select()
      .from(collectionLocationProgress)
      .where(and(eq(collectionLocationProgress.dataCollectionId, collectionId), eq(collectionLocationProgress.locationId, locationId)));
    return row?.students ?? 0;
  }

  it("assigns a collection of the student's school, counted in the school's progress, and shows hidden tokens only to tenant admins", async () => {
    const nia = await newNia();
    await assigned(nia.home.id, A.collection.id);
    const before = await progress(X.hidden.id, A.tree.location.id);
    const res = await assign(X.districtAdmin, { studentEnrollmentId: nia.home.id, parentDataCollectionId: X.hidden.id });
    expect(res.status).toBe(200);
    expect(res.body.dataCollectionsStudentAssignment).toMatchObject({
      teacherType: "Primary",
      parentDataCollectionId: X.hidden.id,
      dataCollections: { collectionName: "Hidden token", token: "", hideToken: true },
    });
    expect(await progress(X.hidden.id, A.tree.location.id)).toBe(before + 1);
    const forAdmin = await list(A.adminToken, nia.home.id);
    expect(forAdmin.body.tenantAdmin).toBe(true);
    const hidden = forAdmin.body.dataCollectionsStudentAssignments.find((a: { parentDataCollectionId: number }) => a.parentDataCollectionId === X.hidden.id);
    expect(hidden.dataCollections.token).toMatch(/^[0-9a-f-]{36}$/);
    const forDistrict = await list(X.districtAdmin, nia.home.id);
    expect(forDistrict.body.tenantAdmin).toBe(false);
    const open = forDistrict.body.dataCollectionsStudentAssignments.find(
      (a: { parentDataCollectionId: number }) => a.parentDataCollectionId === A.collection.id,
    );
    expect(open.dataCollections.token).not.toBe("");
    expect(
      forDistrict.body.dataCollectionsStudentAssignments.find((a: { parentDataCollectionId: number }) => a.parentDataCollectionId === X.hidden.id)
        .dataCollections.token,
    ).toBe("");
    const [audit] = (await auditOf(nia.student.id)).filter(
      (a) => a.entityType === "data_collection_assignment" && a.details && (a.details as { dataCollectionId: number }).dataCollectionId === X.hidden.id,
    );
    expect(audit).toMatchObject({ action: "create", details: { studentEnrollmentId: nia.home.id, dataCollectionId: X.hidden.id, teacherType: "Primary" } });
  });

  it("fails with 'Failed to Assign Data Collection' and the reason", async () => {
    const nia = await newNia();
    await assigned(nia.home.id, X.hidden.id);
    const failed = "Failed to Assign Data Collection";
    const twice = await assign(A.adminToken, { studentEnrollmentId: nia.home.id, parentDataCollectionId: X.hidden.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({
      message: failed,
      errors: [{ field: "parentDataCollectionId", message: "The student is already assigned to this collection" }],
    });
    const notHere = await assign(A.adminToken, { studentEnrollmentId: nia.home.id, parentDataCollectionId: X.elsewhere.id });
    expect(notHere.status).toBe(400);
    expect(notHere.body).toEqual({
      message: failed,
      errors: [{ field: "parentDataCollectionId", message: "The collection is not assigned to the student's location" }],
    });
    const closed = await assign(A.adminToken, { studentEnrollmentId: nia.home.id, parentDataCollectionId: A.closed.id });
    expect(closed.body).toEqual({ message: failed, errors: [{ field: "parentDataCollectionId", message: "The collection's enrollment period has ended" }] });
    const otherTenant = await assign(A.adminToken, { studentEnrollmentId: nia.home.id, parentDataCollectionId: B.collection.id });
    expect(otherTenant.status).toBe(404);
    expect(otherTenant.body.message).toBe(failed);
    expect((await assign(A.adminToken, { studentEnrollmentId: B.kids[0].enrollment.id, parentDataCollectionId: A.collection.id })).status).toBe(404);
    expect((await assign(X.districtAdmin, { studentEnrollmentId: X.omarHome.id, parentDataCollectionId: X.elsewhere.id })).status).toBe(404);
    expect((await assign(A.teacherToken, { studentEnrollmentId: nia.home.id, parentDataCollectionId: A.upcoming.id })).status).toBe(403);
    const bad = await assign(A.adminToken, { studentEnrollmentId: nia.home.id, parentDataCollectionId: A.upcoming.id, teacherType: "Lead" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "teacherType", message: "Must be one of: Primary, Secondary" }]);
  });

  it("removes an assignment (progress follows, audited); out of reach is 404", async () => {
    const nia = await newNia();
    await assigned(nia.home.id, A.collection.id);
    await assigned(nia.home.id, X.hidden.id);
    const listed = await list(A.adminToken, nia.home.id);
    const hidden = listed.body.dataCollectionsStudentAssignments.find((a: { parentDataCollectionId: number }) => a.parentDataCollectionId === X.hidden.id);
    const before = await progress(X.hidden.id, A.tree.location.id);
    expect((await call(assignmentDelete, "DELETE", "/x", { token: X.secondAdmin, query: { assignmentId: hidden.id } })).status).toBe(404);
    expect((await call(assignmentDelete, "DELETE", "/x", { token: B.adminToken, query: { assignmentId: hidden.id } })).status).toBe(404);
    const res = await call(assignmentDelete, "DELETE", "/x", { token: X.districtAdmin, query: { assignmentId: hidden.id }, headers: HEADERS });
    expect(res.body).toEqual({ deleted: true });
    expect(await progress(X.hidden.id, A.tree.location.id)).toBe(before - 1);
    const actions = (await auditOf(nia.student.id)).filter((a) => a.entityType === "data_collection_assignment").map((a) => a.action);
    expect(actions).toEqual(["create", "create", "delete"]);
    expect((await list(X.secondAdmin, X.omarHome.id)).status).toBe(404);
  });

  it("keeps the progress right when the POA moves (the enrollments themselves stay where they are)", async () => {
    const nia = await newNia();
    await assigned(nia.home.id, A.collection.id);
    const here = await progress(A.collection.id, A.tree.location.id);
    expect((await put(A.adminToken, { id: nia.second.id, isPointOfAuthority: true })).status).toBe(200);
    expect(await progress(A.collection.id, A.tree.location.id)).toBe(here);
    expect((await put(A.adminToken, { id: nia.home.id, isPointOfAuthority: true })).status).toBe(200);
  });
});

describe("GET /data-collections-students-outputs", () => {
  it("lists the ISR per assigned collection, 'No ISR' until one exists", async () => {
    const nia = await newNia();
    await assigned(nia.home.id, A.collection.id);
    await db()
      .insert(studentOutputs)
      .values({ tenantId: A.tenant.id, studentId: nia.student.id, dataCollectionId: A.collection.id, outputStatus: "Generated", status: "complete" });
    const res = await call(outputsGet, "GET", "/x", { token: X.districtAdmin, query: { studentId: nia.student.id } });
    expect(res.status).toBe(200);
    expect(res.body.dataCollectionsStudentsOutputs).toEqual([
      {
        id: expect.any(Number),
        status: "Generated",
        dataCollectionsId: A.collection.id,
        collectionName: A.collection.collectionName,
        updatedAt: expect.any(Number),
      },
    ]);
    const omar = await call(outputsGet, "GET", "/x", { token: A.adminToken, query: { studentId: A.kids[0].student.id } });
    expect(omar.body.dataCollectionsStudentsOutputs.map((o: { status: string; id: number | null }) => [o.status, o.id])).toEqual([
      ["No ISR", null],
      ["No ISR", null],
      ["No ISR", null],
    ]);
    expect((await call(outputsGet, "GET", "/x", { token: X.districtAdmin, query: { studentId: X.omar.id } })).status).toBe(404);
    expect((await call(outputsGet, "GET", "/x", { token: A.teacherToken, query: { studentId: nia.student.id } })).status).toBe(403);
  });
});
