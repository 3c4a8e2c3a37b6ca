import { beforeAll, describe, expect, it } from "vitest";
import { GET as raceCodesGet } from "@/app/en/api/v1/race-codes/route";
import { GET as tenantsFieldsGet } from "@/app/en/api/v1/tenants-fields/route";
import { GET as assessmentsGet } from "@/app/en/api/v1/assessments/route";
import { GET as schoolYearsGet, POST as schoolYearsPost } from "@/app/en/api/v1/school-years/route";
import { GET as userOrgsGet } from "@/app/en/api/v1/users/[id]/organizations/route";
import { call, tokenFor } from "../support/api";
import { makeAssessment, makeDataCollection, makeOrgTree, makeSchoolYear, makeTenant, makeTenantField, makeUser } from "../support/factories";

/** Two tenants; every lookup is asked by users of both and must keep their rows apart. */
let a: Awaited<ReturnType<typeof setup>>;
let b: Awaited<ReturnType<typeof setup>>;

async function setup() {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const admin = await makeUser(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] });
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const districtAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: tree.district.id, administrative: true }] });
  return { tenant, tree, admin, teacher, districtAdmin, adminToken: await tokenFor(admin), teacherToken: await tokenFor(teacher) };
}

beforeAll(async () => {
  a = await setup();
  b = await setup();
});

describe("GET /race-codes", () => {
  it("lists the ten race codes with bit values 1..512", async () => {
    const res = await call(raceCodesGet, "GET", "/en/api/v1/race-codes", { token: a.teacherToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["raceCodes"]);
    expect(res.body.raceCodes.map((r: { value: number }) => r.value)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
    expect(res.body.raceCodes[0]).toEqual({
      id: expect.any(Number),
      code: "AMERICAN_INDIAN_ALASKA_NATIVE",
      label: "American Indian or Alaska Native",
      value: 1,
    });
  });

  it("refuses a caller without a token", async () => {
    const res = await call(raceCodesGet, "GET", "/en/api/v1/race-codes");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Authorization Error" });
  });
});

describe("GET /tenants-fields", () => {
  beforeAll(async () => {
    await makeTenantField(a.tenant.id, { entityField: "input_1", label: "Home language" });
    await makeTenantField(a.tenant.id, { entityField: "option_1", label: "Programme", dataType: "select", options: [{ value: "HS", label: "Head Start" }] });
    await makeTenantField(a.tenant.id, { entity: "Students", entityField: "tenant_unique_id", label: "SSID", tenantFieldType: "standard", mustBeUnique: true });
    await makeTenantField(b.tenant.id, { entityField: "input_1", label: "Other tenant's field" });
  });

  it("returns the tenant's custom fields of an entity, never another tenant's", async () => {
    const res = await call(tenantsFieldsGet, "GET", "/en/api/v1/tenants-fields", {
      token: a.teacherToken,
      query: { entity: "StudentsEnrollments", tenantFieldType: "custom" },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["tenantsFields"]);
    expect(res.body.tenantsFields.map((f: { label: string }) => f.label)).toEqual(["Home language", "Programme"]);
    expect(res.body.tenantsFields[1]).toMatchObject({
      entity: "StudentsEnrollments",
      entityField: "option_1",
      tenantFieldType: "custom",
      tenantId: a.tenant.id,
      dataType: "select",
    });
    const other = await call(tenantsFieldsGet, "GET", "/en/api/v1/tenants-fields", { token: b.adminToken, query: { entity: "StudentsEnrollments" } });
    expect(other.body.tenantsFields.map((f: { label: string }) => f.label)).toEqual(["Other tenant's field"]);
  });

  it("filters by entity field", async () => {
    const res = await call(tenantsFieldsGet, "GET", "/en/api/v1/tenants-fields", {
      token: a.adminToken,
      query: { entity: "Students", entityField: "tenant_unique_id" },
    });
    expect(res.body.tenantsFields).toHaveLength(1);
    expect(res.body.tenantsFields[0]).toMatchObject({ tenantFieldType: "standard", mustBeUnique: true });
  });

  it("answers a bad query with 400 and field errors", async () => {
    const type = await call(tenantsFieldsGet, "GET", "/en/api/v1/tenants-fields", { token: a.adminToken, query: { tenantFieldType: "bogus" } });
    expect(type.status).toBe(400);
    expect(type.body.errors[0].field).toBe("tenantFieldType");
    const entity = await call(tenantsFieldsGet, "GET", "/en/api/v1/tenants-fields", { token: a.adminToken, query: { entity: "x'; drop table students; --" } });
    expect(entity.status).toBe(400);
    expect(entity.body.errors).toEqual([{ field: "entity", message: "Must be a field name" }]);
    const huge = await call(tenantsFieldsGet, "GET", "/en/api/v1/tenants-fields", { token: a.adminToken, query: { entity: "A".repeat(5000) } });
    expect(huge.status).toBe(400);
  });
});

describe("GET /assessments", () => {
  it("lists shared assessments and the tenant's own, not another tenant's", async () => {
    const shared = await makeAssessment({ name: "KRA shared", taxonomy: "SUMMATIVE", author: "State" });
    const own = await makeAssessment({ name: "ELA of A", taxonomy: "FORMATIVE", tenantId: a.tenant.id });
    const foreign = await makeAssessment({ name: "ELA of B", taxonomy: "FORMATIVE", tenantId: b.tenant.id });
    const res = await call(assessmentsGet, "GET", "/en/api/v1/assessments", { token: a.teacherToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["assessments"]);
    const ids = res.body.assessments.map((x: { id: number }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([shared.id, own.id]));
    expect(ids).not.toContain(foreign.id);
    const kra = res.body.assessments.find((x: { id: number }) => x.id === shared.id);
    expect(kra).toMatchObject({ name: "KRA shared", author: "State", taxonomy: "SUMMATIVE", isKra: true, isEncapsulated: false });
    expect(kra.createdAt).toBe(Math.floor(shared.createdAt.getTime() / 1000));
    expect(res.body.assessments.find((x: { id: number }) => x.id === own.id).isKra).toBe(false);
  });
});

describe("/school-years", () => {
  it("lists years with only the caller's tenant's collections, dates as unix seconds", async () => {
    const year = await makeSchoolYear({ label: "2031-2032", startDate: "2031-07-01", endDate: "2032-06-30" });
    const assessment = await makeAssessment();
    const mine = await makeDataCollection(a.tenant.id, { schoolYearId: year.id, assessmentId: assessment.id }, { collectionName: "Fall KRA" });
    const theirs = await makeDataCollection(b.tenant.id, { schoolYearId: year.id, assessmentId: assessment.id }, { collectionName: "Their KRA" });
    const res = await call(schoolYearsGet, "GET", "/en/api/v1/school-years", { token: a.teacherToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["schoolYears"]);
    const found = res.body.schoolYears.find((y: { id: number }) => y.id === year.id);
    expect(found).toMatchObject({ label: "2031-2032", startDate: Date.UTC(2031, 6, 1) / 1000, endDate: Date.UTC(2032, 5, 30) / 1000 });
    expect(found.dataCollections).toEqual([
      {
        id: mine.id,
        collectionName: "Fall KRA",
        cycleStartDate: Math.floor(mine.cycleStartDate.getTime() / 1000),
        cycleEndDate: Math.floor(mine.cycleEndDate.getTime() / 1000),
      },
    ]);
    const other = await call(schoolYearsGet, "GET", "/en/api/v1/school-years", { token: b.teacherToken });
    const seenByB = other.body.schoolYears.find((y: { id: number }) => y.id === year.id);
    expect(seenByB.dataCollections.map((c: { id: number }) => c.id)).toEqual([theirs.id]);
  });

  it("lets a system admin create a year from unix seconds", async () => {
    const system = await makeUser(a.tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
    const token = await tokenFor(system);
    const startDate = Date.UTC(2040, 7, 1) / 1000;
    const endDate = Date.UTC(2041, 5, 30) / 1000;
    const res = await call(schoolYearsPost, "POST", "/en/api/v1/school-years", { token, body: { startDate, endDate } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ schoolYear: { id: expect.any(Number), label: "2040-2041", startDate, endDate, dataCollections: [] } });
    const again = await call(schoolYearsPost, "POST", "/en/api/v1/school-years", { token, body: { startDate, endDate } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("A school year with this label already exists");
  });

  it("refuses other roles with 403 and bad input with 400, creating nothing", async () => {
    const before = await call(schoolYearsGet, "GET", "/en/api/v1/school-years", { token: a.adminToken });
    const body = { startDate: Date.UTC(2050, 7, 1) / 1000, endDate: Date.UTC(2051, 5, 30) / 1000 };
    const tenantAdmin = await call(schoolYearsPost, "POST", "/en/api/v1/school-years", { token: a.adminToken, body });
    expect(tenantAdmin.status).toBe(403);
    expect(tenantAdmin.body).toEqual({ message: "Token does not have the required permissions" });
    const system = await makeUser(a.tenant.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
    const token = await tokenFor(system);
    const reversed = await call(schoolYearsPost, "POST", "/en/api/v1/school-years", { token, body: { startDate: body.endDate, endDate: body.startDate } });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([{ field: "endDate", message: "End date must be after the start date" }]);
    const empty = await call(schoolYearsPost, "POST", "/en/api/v1/school-years", { token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual(["startDate", "endDate"]);
    const text = await call(schoolYearsPost, "POST", "/en/api/v1/school-years", { token, body: { startDate: "2050-08-01", endDate: body.endDate } });
    expect(text.status).toBe(400);
    const after = await call(schoolYearsGet, "GET", "/en/api/v1/school-years", { token: a.adminToken });
    expect(after.body.schoolYears).toHaveLength(before.body.schoolYears.length);
  });
});

describe("GET /users/{id}/organizations", () => {
  it("lists a user's own links with the location label 'location, district'", async () => {
    const res = await call(userOrgsGet, "GET", `/en/api/v1/users/${a.teacher.id}/organizations`, {
      token: a.teacherToken,
      params: { id: String(a.teacher.id) },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["organizations"]);
    expect(res.body.organizations).toEqual([
      {
        id: expect.any(Number),
        userId: a.teacher.id,
        orgType: "location",
        parentId: a.tree.location.id,
        administrative: false,
        memberUniqueId: null,
        nameLabel: a.tree.location.name,
        uniqueId: a.tree.location.uniqueId,
        districtId: a.tree.district.id,
        districtName: a.tree.district.name,
        label: `${a.tree.location.name}, ${a.tree.district.name}`,
      },
    ]);
  });

  it("admin=true keeps only administrative links", async () => {
    const path = `/en/api/v1/users/${a.districtAdmin.id}/organizations`;
    const params = { id: String(a.districtAdmin.id) };
    const admin = await call(userOrgsGet, "GET", path, { token: a.adminToken, params, query: { admin: "true" } });
    expect(admin.status).toBe(200);
    expect(admin.body.organizations.map((o: { orgType: string; parentId: number }) => [o.orgType, o.parentId])).toEqual([["district", a.tree.district.id]]);
    const teacherLinks = await call(userOrgsGet, "GET", `/en/api/v1/users/${a.teacher.id}/organizations`, {
      token: a.adminToken,
      params: { id: String(a.teacher.id) },
      query: { admin: "true" },
    });
    expect(teacherLinks.body.organizations).toEqual([]);
  });

  it("lets a district admin see users of their district only", async () => {
    const token = await tokenFor(a.districtAdmin);
    const inside = await call(userOrgsGet, "GET", "/x", { token, params: { id: String(a.teacher.id) } });
    expect(inside.status).toBe(200);
    expect(inside.body.organizations).toHaveLength(1);
    const district2 = await makeOrgTree(a.tenant.id);
    const elsewhere = await makeUser(a.tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: district2.location.id }] });
    const outside = await call(userOrgsGet, "GET", "/x", { token, params: { id: String(elsewhere.id) } });
    expect(outside.status).toBe(404);
  });

  it("answers another tenant's user with 404, another user for a teacher with 403, a bad id with 400", async () => {
    const foreign = await call(userOrgsGet, "GET", "/x", { token: b.adminToken, params: { id: String(a.teacher.id) } });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(a.tree.location.name);
    const teacher = await call(userOrgsGet, "GET", "/x", { token: a.teacherToken, params: { id: String(a.districtAdmin.id) } });
    expect(teacher.status).toBe(403);
    const bad = await call(userOrgsGet, "GET", "/x", { token: a.adminToken, params: { id: "abc" } });
    expect(bad.status).toBe(400);
    const badFlag = await call(userOrgsGet, "GET", "/x", { token: a.adminToken, params: { id: String(a.teacher.id) }, query: { admin: "maybe" } });
    expect(badFlag.status).toBe(400);
  });
});
