import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, enrollmentAssociations, studentEnrollments, students } from "@/db/schema";
import { GET as listGet, POST as createPost, PUT as updatePut } from "@/app/en/api/v1/students/route";
import { GET as oneGet } from "@/app/en/api/v1/students/[id]/route";
import { GET as ssidGet } from "@/app/en/api/v1/students/ssid/[stateId]/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeEnrollment, makeLocation, makeOrgTree, makeRegion, makeStudent, makeTenant, makeUser } from "../support/factories";

/**
 * Tenant A: region R > districts D1 (locations L1, L2) and D2 (L3). Students: Ada Zephyr (L1, on a
 * roster), Bob Young (L2), Cy Abbott (L3), Dee Moore (no location). Tenant B: one chain, one student.
 */
let A: Awaited<ReturnType<typeof buildA>>;
let B: { token: string; studentId: number; locationId: number };
const HEADERS = { "user-agent": "vitest", "x-forwarded-for": "10.77.0.1" };

async function buildA() {
  const tenant = await makeTenant();
  const r = await makeRegion(tenant.id);
  const d1 = await makeDistrict(tenant.id, r.id);
  const d2 = await makeDistrict(tenant.id, r.id);
  const l1 = await makeLocation(tenant.id, d1.id, { name: "Alder School" });
  const l2 = await makeLocation(tenant.id, d1.id, { name: "Birch School" });
  const l3 = await makeLocation(tenant.id, d2.id, { name: "Cedar School" });
  const student = async (first: string, last: string, stateId: string, location: typeof l1 | null, dob = "2020-03-15") => {
    const s = await makeStudent(tenant.id, { firstName: first, lastName: last, tenantUniqueId: stateId, dob, parentLocationId: location?.id ?? null });
    const e = location ? await makeEnrollment(tenant.id, s.id, location) : null;
    return { ...s, enrollmentId: e?.id ?? null };
  };
  const ada = await student("Ada", "Zephyr", "0000100", l1, "2020-01-31");
  const bob = await student("Bob", "Young", "0000200", l2);
  const cy = await student("Cy", "Abbott", "0000300", l3);
  const dee = await student("Dee", "Moore", "0000400", null);
  const user = (roles: Parameters<typeof makeUser>[1]) => makeUser(tenant.id, roles).then((u) => tokenFor(u));
  const teacherUser = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: l1.id }] });
  await db().insert(enrollmentAssociations).values({ tenantId: tenant.id, userId: teacherUser.id, studentEnrollmentId: ada.enrollmentId!, locationId: l1.id });
  return {
    tenant,
    d1,
    d2,
    l1,
    l2,
    l3,
    ada,
    bob,
    cy,
    dee,
    tenantAdmin: await user({ roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }),
    districtAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] }),
    locationAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: l2.id, administrative: true }] }),
    teacher: await tokenFor(teacherUser),
  };
}

/** Another tenant, with a student of the state id Ada has in A. */
async function buildB() {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const s = await makeStudent(tenant.id, { parentLocationId: tree.location.id, tenantUniqueId: "0000100" });
  return { token: await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] })), studentId: s.id, locationId: tree.location.id };
}

// The lists read one world; the writes below make their own for each test.
beforeAll(async () => {
  A = await buildA();
  B = await buildB();
});

const list = (token: string, query: Record<string, string | number> = {}) => call(listGet, "GET", "/en/api/v1/students", { token, query });
const names = (body: { students: { lastName: string }[] }) => body.students.map((s) => s.lastName);
const TODAY_SAFE = expect.any(Number);

describe("GET /students", () => {
  it("lists the tenant for a tenant admin, sorted by last name, with status and age", async () => {
    const res = await list(A.tenantAdmin);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["Abbott", "Moore", "Young", "Zephyr"]);
    expect(res.body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(res.body.races.length).toBeGreaterThan(0);
    expect(res.body.races[0]).toEqual({ id: expect.any(Number), code: expect.any(String), label: expect.any(String), value: expect.any(Number) });
    const ada = res.body.students.find((s: { id: number }) => s.id === A.ada.id);
    expect(ada).toMatchObject({
      tenantUniqueId: "0000100",
      status: "Active",
      userAssociationCount: 1,
      locationName: "Alder School",
      districtId: A.d1.id,
      dobDate: "2020-01-31",
      dob: Date.UTC(2020, 0, 31) / 1000,
      ageYears: TODAY_SAFE,
      ageMonths: TODAY_SAFE,
    });
    expect(res.body.students.find((s: { id: number }) => s.id === A.bob.id).status).toBe("Inactive");
  });

  it("keeps a district admin and a location admin within their reach", async () => {
    expect(names((await list(A.districtAdmin)).body)).toEqual(["Young", "Zephyr"]);
    expect(names((await list(A.locationAdmin)).body)).toEqual(["Young"]);
    // Another district's filter lists nothing rather than leaking.
    expect((await list(A.districtAdmin, { districtId: A.d2.id })).body).toMatchObject({ students: [], total: 0 });
  });

  it("searches by state id prefix and by name start, any case", async () => {
    expect(names((await list(A.tenantAdmin, { search: "00002" })).body)).toEqual(["Young"]);
    expect(names((await list(A.tenantAdmin, { search: "zEp" })).body)).toEqual(["Zephyr"]);
    expect(names((await list(A.tenantAdmin, { search: "cy abb" })).body)).toEqual(["Abbott"]);
    expect(names((await list(A.tenantAdmin, { search: "abbott, cy" })).body)).toEqual(["Abbott"]);
    expect((await list(A.tenantAdmin, { search: "100" })).body.total).toBe(0);
    expect((await list(A.tenantAdmin, { search: "%" })).body.total).toBe(0);
  });

  it("filters by location, district and status; sorts and pages", async () => {
    expect(names((await list(A.tenantAdmin, { locationId: A.l3.id })).body)).toEqual(["Abbott"]);
    expect(names((await list(A.tenantAdmin, { districtId: A.d1.id })).body)).toEqual(["Young", "Zephyr"]);
    expect(names((await list(A.tenantAdmin, { status: "active" })).body)).toEqual(["Zephyr"]);
    expect(names((await list(A.tenantAdmin, { sort: "firstName", order: "desc" })).body)).toEqual(["Moore", "Abbott", "Young", "Zephyr"]);
    expect(names((await list(A.tenantAdmin, { sort: "stateId", order: "desc" })).body)).toEqual(["Moore", "Abbott", "Young", "Zephyr"]);
    expect(names((await list(A.tenantAdmin, { sort: "location" })).body)).toEqual(["Zephyr", "Young", "Abbott", "Moore"]);
    expect(names((await list(A.tenantAdmin, { sort: "location", order: "desc" })).body)).toEqual(["Abbott", "Young", "Zephyr", "Moore"]);
    // The location sort pages over location boundaries (it sorts only the locations a page covers).
    for (const [order, all] of [
      ["asc", ["Zephyr", "Young", "Abbott", "Moore"]],
      ["desc", ["Abbott", "Young", "Zephyr", "Moore"]],
    ] as const) {
      for (const pageSize of [1, 3]) {
        const got: string[] = [];
        for (let page = 1; got.length < 4; page++) got.push(...names((await list(A.tenantAdmin, { sort: "location", order, page, pageSize })).body));
        expect(got).toEqual(all);
      }
    }
    expect(names((await list(A.tenantAdmin, { sort: "dob" })).body)[0]).toBe("Zephyr");
    const page2 = await list(A.tenantAdmin, { page: 2, pageSize: 3 });
    expect(page2.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(names(page2.body)).toEqual(["Zephyr"]);
  });

  it("refuses bad query values with 400 and other roles with 403", async () => {
    const bad = await list(A.tenantAdmin, { sort: "email", pageSize: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["pageSize", "sort"]);
    expect((await list(A.teacher)).status).toBe(403);
    expect((await call(listGet, "GET", "/en/api/v1/students")).status).toBe(401);
  });
});

describe("GET /students/{id} and /students/ssid/{stateId}", () => {
  it("finds a student in reach by id and by exact state id", async () => {
    const one = await call(oneGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(A.bob.id) } });
    expect(one.status).toBe(200);
    expect(one.body.student.lastName).toBe("Young");
    const bySsid = await call(ssidGet, "GET", "/x", { token: A.tenantAdmin, params: { stateId: "0000300" } });
    expect(bySsid.body.student.id).toBe(A.cy.id);
    expect((await call(ssidGet, "GET", "/x", { token: A.tenantAdmin, params: { stateId: "300" } })).status).toBe(404);
  });

  it("answers 404 for another district's student and another tenant's", async () => {
    expect((await call(oneGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(A.cy.id) } })).status).toBe(404);
    expect((await call(oneGet, "GET", "/x", { token: A.tenantAdmin, params: { id: String(B.studentId) } })).status).toBe(404);
    // The same state id in tenant B is B's own student, never A's.
    const own = await call(ssidGet, "GET", "/x", { token: B.token, params: { stateId: "0000100" } });
    expect(own.body.student.id).toBe(B.studentId);
  });
});

// The writes' own worlds, made for each test.
let W: typeof A;
let WB: typeof B;
const newStudent = (overrides: Record<string, unknown> = {}) => ({
  tenantUniqueId: "000123",
  firstName: "Nia",
  lastName: "Quill",
  gender: "FEMALE",
  dob: "2021-05-04",
  englishLanguageLearner: "1",
  lowSes: "0",
  specialEducation: true,
  races: [1, 4],
  locationId: W.l2.id,
  ...overrides,
});
const create = (token: string, body: unknown) => call(createPost, "POST", "/en/api/v1/students", { token, body, headers: HEADERS });
// An edit does not move the student (a transfer does): the update takes no locationId.
const update = (token: string, { locationId: _location, ...student }: Record<string, unknown>) =>
  call(updatePut, "PUT", "/en/api/v1/students", { token, body: { student }, headers: HEADERS });
const auditOf = (studentId: number) => db().select().from(auditLog).where(eq(auditLog.studentId, studentId)).orderBy(auditLog.id);

describe("POST and PUT /students", () => {
  beforeEach(async () => {
    W = await buildA();
    WB = await buildB();
  });
  /** A student made through the API, as a test's starting point. */
  const created = async (overrides: Record<string, unknown> = {}) => {
    const res = await create(W.districtAdmin, newStudent(overrides));
    expect(res.status).toBe(200);
    return res.body.student.id as number;
  };

  it("creates a student with a POA enrollment, state id leading zeros kept, race summed, audited", async () => {
    const res = await create(W.districtAdmin, newStudent());
    expect(res.status).toBe(200);
    const createdId = res.body.student.id;
    expect(res.body.student).toMatchObject({
      tenantUniqueId: "000123",
      race: 5,
      englishLanguageLearner: true,
      lowSes: false,
      specialEducation: true,
      gender: "FEMALE",
      dobDate: "2021-05-04",
      parentLocationId: W.l2.id,
      status: "Inactive",
    });
    const [enrollment] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.studentId, createdId));
    expect(enrollment).toMatchObject({ locationId: W.l2.id, districtId: W.d1.id, isPointOfAuthority: true });
    const audit = await auditOf(createdId);
    expect(audit.map((a) => [a.action, a.entityType])).toEqual([
      ["create", "student"],
      ["create", "student_enrollment"],
    ]);
    expect(audit[0].requestId).toBeTruthy();
    const text = JSON.stringify(audit.map((a) => a.details));
    for (const secret of ["Nia", "Quill", "2021-05-04", "000123"]) expect(text).not.toContain(secret);
    const found = await call(ssidGet, "GET", "/x", { token: W.tenantAdmin, params: { stateId: "000123" } });
    expect(found.body.student.id).toBe(createdId);
  });

  it("refuses a duplicate state id with the spec's message and writes nothing", async () => {
    await created();
    const before = (await db().select().from(students).where(eq(students.tenantId, W.tenant.id))).length;
    const res = await create(W.tenantAdmin, newStudent({ firstName: "Other" }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: "Student State ID must be unique", errors: [{ field: "tenantUniqueId", message: "Student State ID must be unique" }] });
    expect((await db().select().from(students).where(eq(students.tenantId, W.tenant.id))).length).toBe(before);
    // Another tenant may hold the same state id.
    const b = await create(WB.token, newStudent({ locationId: WB.locationId }));
    expect(b.status).toBe(200);
    expect(b.body.student.tenantUniqueId).toBe("000123");
    // Nor may one tenant create at another's location.
    expect((await create(W.tenantAdmin, newStudent({ tenantUniqueId: "777", locationId: WB.locationId }))).status).toBe(404);
  });

  it("validates the fields and refuses a location out of reach", async () => {
    const res = await create(W.tenantAdmin, newStudent({ tenantUniqueId: " ", firstName: "", dob: "2021-02-30", races: [3], gender: "X" }));
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["dob", "firstName", "gender", "races.0", "tenantUniqueId"]);
    expect((await create(W.districtAdmin, newStudent({ tenantUniqueId: "999", locationId: W.l3.id }))).status).toBe(404);
    expect((await create(W.teacher, newStudent({ tenantUniqueId: "998" }))).status).toBe(403);
  });

  it("edits demographics, audits the changed field names only, and keeps leading zeros", async () => {
    const createdId = await created();
    const current = (await call(oneGet, "GET", "/x", { token: W.tenantAdmin, params: { id: String(createdId) } })).body.student;
    const edit = { ...newStudent(), id: createdId, tenantUniqueId: "0000123", lastName: "Quillon", races: [2] };
    const res = await update(W.districtAdmin, edit);
    expect(res.status).toBe(200);
    expect(res.body.student).toMatchObject({ tenantUniqueId: "0000123", lastName: "Quillon", race: 2, firstName: current.firstName });
    const audit = (await auditOf(createdId)).filter((a) => a.action === "update");
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({ fields: ["tenantUniqueId", "lastName", "race"] });
    // Saving the same values again writes no audit row.
    await update(W.districtAdmin, edit);
    expect((await auditOf(createdId)).filter((a) => a.action === "update")).toHaveLength(1);
  });

  it("refuses an edit onto another student's state id, out of reach, or of another tenant", async () => {
    const createdId = await created({ tenantUniqueId: "0000123" });
    const dup = await update(W.tenantAdmin, { ...newStudent(), id: createdId, tenantUniqueId: "0000300" });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("Student State ID must be unique");
    const [row] = await db()
      .select()
      .from(students)
      .where(and(eq(students.tenantId, W.tenant.id), eq(students.id, createdId)));
    expect(row.tenantUniqueId).toBe("0000123");
    expect((await update(W.locationAdmin, { ...newStudent(), id: W.cy.id, tenantUniqueId: "0000300" })).status).toBe(404);
    expect((await update(W.tenantAdmin, { ...newStudent(), id: WB.studentId, tenantUniqueId: "0000100" })).status).toBe(404);
    expect((await update(W.teacher, { ...newStudent(), id: createdId })).status).toBe(403);
  });

  it("takes the spec's {student, enrollment} form: both change in one transaction, each audited; another child's enrollment changes neither", async () => {
    const put = (body: unknown) => call(updatePut, "PUT", "/en/api/v1/students", { token: W.districtAdmin, body, headers: HEADERS });
    const both = await put({ student: { id: W.bob.id, middleName: "Lee" }, enrollment: { id: W.bob.enrollmentId, priorCare: "Head Start" } });
    expect(both.status).toBe(200);
    expect(both.body.student).toMatchObject({ id: W.bob.id, middleName: "Lee" });
    expect(both.body.enrollment).toMatchObject({ id: W.bob.enrollmentId, studentId: W.bob.id, priorCare: "Head Start" });
    const audit = await auditOf(W.bob.id);
    expect(audit.map((a) => [a.entityType, a.details])).toEqual(
      expect.arrayContaining([
        ["student", { fields: ["middleName"] }],
        ["student_enrollment", { fields: ["priorCare"] }],
      ]),
    );

    // The enrollment as GET /enrollments answers it goes back in too.
    const again = await put({ student: { id: W.bob.id }, enrollment: both.body.enrollment });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await auditOf(W.bob.id)).toHaveLength(audit.length);

    // A record's field beside the records, not in them, is no field of the request (never dropped).
    const astray = await put({ student: { id: W.bob.id }, priorCare: "Other" });
    expect(astray).toMatchObject({ status: 400, body: { errors: [{ field: "priorCare", message: "priorCare is not a field of this request" }] } });

    const wrong = await put({ student: { id: W.bob.id, middleName: "Ray" }, enrollment: { id: W.ada.enrollmentId, priorCare: "Other" } });
    expect(wrong).toMatchObject({ status: 404, body: { message: "Enrollment not found" } });
    const [bob] = await db().select().from(students).where(eq(students.id, W.bob.id));
    const [ada] = await db().select().from(studentEnrollments).where(eq(studentEnrollments.id, W.ada.enrollmentId!));
    expect([bob.middleName, ada.priorCare]).toEqual(["Lee", null]);
  });
});
