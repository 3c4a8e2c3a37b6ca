import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as collectionGet } from "@/app/en/api/v1/data-collections/[id]/route";
import { GET as collectionsGet } from "@/app/en/api/v1/data-collections/route";
import { db } from "@/db/client";
import { dataCollectionLocationAssignments, dataCollectionRegionAssignments } from "@/db/schema";
import { getTeacherCollection, listTeacherCollections } from "@/lib/collections/queries";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { actorOf, assign, makeAssessment, makeCollection, makeEnrollment, makeLocation, makeOrgTree, makeSchoolYear } from "../support/school-fixtures";
import { binding } from "../support/tenancy-binding";

/** As in rls-services: bind the service's transaction to another tenant than its filters name. */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

const DAY = 86_400_000;
const teacherQuery = { role: "teacher" };

async function world(shared: { assessmentId: number; itemIds: number[]; schoolYearId: number }) {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const otherLocation = await makeLocation(tenant.id, tree.district.id);
  const otherTree = await makeOrgTree(tenant.id);
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const collection = (options: { deleted?: boolean; districtId?: number; startOffsetDays?: number } = {}) =>
    makeCollection(tenant.id, { ...shared, ...options });
  const atLocation = async (locationId: number, options: { deleted?: boolean; startOffsetDays?: number } = {}) => {
    const c = await collection(options);
    await db().insert(dataCollectionLocationAssignments).values({ tenantId: tenant.id, dataCollectionId: c.id, locationId });
    return c;
  };
  const own = await atLocation(tree.location.id, { startOffsetDays: -1 });
  const byDistrict = await collection({ districtId: tree.district.id, startOffsetDays: -2 });
  const byRegion = await collection({ startOffsetDays: -3 });
  await db().insert(dataCollectionRegionAssignments).values({ tenantId: tenant.id, dataCollectionId: byRegion.id, regionId: tree.region.id });
  const deleted = await atLocation(tree.location.id, { deleted: true });
  const elsewhere = await atLocation(otherLocation.id);
  const otherDistrict = await collection({ districtId: otherTree.district.id });
  const unassigned = await collection();
  const org = { regionId: tree.region.id, districtId: tree.district.id, locationId: tree.location.id };
  const mine = await makeEnrollment(tenant.id, org, { teacherId: teacher.id });
  const inactive = await makeEnrollment(tenant.id, org, { teacherId: teacher.id, active: false });
  const notMine = await makeEnrollment(tenant.id, org);
  await assign(tenant.id, own.id, [mine.enrollment.id, inactive.enrollment.id, notMine.enrollment.id]);
  return {
    tenant,
    own,
    byDistrict,
    byRegion,
    deleted,
    elsewhere,
    otherDistrict,
    unassigned,
    teacherToken: await tokenFor(teacher),
    adminToken: await tokenFor(admin),
    teacher: await actorOf(teacher),
    admin: await actorOf(admin),
  };
}

let a: Awaited<ReturnType<typeof world>>;
let b: Awaited<ReturnType<typeof world>>;

beforeAll(async () => {
  const year = await makeSchoolYear(new Date(Date.now() - 60 * DAY), new Date(Date.now() + 200 * DAY));
  const { assessment, items } = await makeAssessment(2);
  const shared = { assessmentId: assessment.id, itemIds: items.map((i) => i.id), schoolYearId: year.id };
  a = await world(shared);
  b = await world(shared);
});

afterEach(() => {
  binding.tenantId = null;
});

describe("GET /data-collections?role=teacher", () => {
  it("lists the collections assigned to the teacher's location, its district or region, newest window first", async () => {
    const res = await call(collectionsGet, "GET", "/en/api/v1/data-collections", { token: a.teacherToken, query: teacherQuery });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["dataCollections"]);
    expect(res.body.dataCollections.map((c: { id: number }) => c.id)).toEqual([a.own.id, a.byDistrict.id, a.byRegion.id]);
  });

  it("answers each collection with the spec's field names, counting only the teacher's active students", async () => {
    const res = await call(collectionsGet, "GET", "/x", { token: a.teacherToken, query: teacherQuery });
    const own = res.body.dataCollections[0];
    expect(own).toEqual({
      id: a.own.id,
      parentTenantId: a.tenant.id,
      schoolYear: { id: a.own.schoolYearId, label: expect.any(String) },
      parentDataCollectionId: null,
      collectionName: a.own.collectionName,
      assessmentTaxonomy: "SUMMATIVE",
      cycleStartDate: Math.floor(a.own.cycleStartDate.getTime() / 1000),
      cycleEndDate: Math.floor(a.own.cycleEndDate.getTime() / 1000),
      enrollmentEndDate: Math.floor(a.own.enrollmentEndDate.getTime() / 1000),
      dataDisplaysDate: null,
      reportAccessDate: null,
      isrAccessDate: null,
      omrAccessDate: null,
      isrTeacherDate: null,
      student_count: 1,
      scoring: {},
      is_kra: true,
    });
    expect(res.body.dataCollections[1].student_count).toBe(0);
  });

  it("refuses a role without the permission (403) and a missing or other role value (400)", async () => {
    expect((await call(collectionsGet, "GET", "/x", { token: a.adminToken, query: teacherQuery })).status).toBe(403);
    const missing = await call(collectionsGet, "GET", "/x", { token: a.teacherToken });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: "role", message: "Must be teacher" }]);
    expect((await call(collectionsGet, "GET", "/x", { token: a.teacherToken, query: { role: "admin" } })).status).toBe(400);
    expect((await call(collectionsGet, "GET", "/x", { query: teacherQuery })).status).toBe(401);
  });
});

describe("GET /data-collections/{id}?role=teacher", () => {
  const get = (token: string, id: string | number) =>
    call(collectionGet, "GET", `/en/api/v1/data-collections/${id}`, { token, query: teacherQuery, params: { id: String(id) } });

  it("answers one of the teacher's collections under dataCollection", async () => {
    for (const c of [a.own, a.byDistrict, a.byRegion]) {
      const res = await get(a.teacherToken, c.id);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual(["dataCollection"]);
      expect(res.body.dataCollection).toMatchObject({ id: c.id, collectionName: c.collectionName, parentTenantId: a.tenant.id });
    }
  });

  it("answers 404 for another tenant's, another location's or district's, an unassigned or a deleted collection", async () => {
    for (const id of [b.own.id, a.elsewhere.id, a.otherDistrict.id, a.unassigned.id, a.deleted.id]) {
      const res = await get(a.teacherToken, id);
      expect(res.status, `collection ${id}`).toBe(404);
      expect(res.body).toEqual({ message: "Not found" });
    }
  });

  it("answers 403 for a role without the permission and 400 for a bad id", async () => {
    expect((await get(a.adminToken, a.own.id)).status).toBe(403);
    for (const id of ["abc", "0", "-1", "99999999999999"]) {
      const res = await get(a.teacherToken, id);
      expect(res.status, id).toBe(400);
      expect(res.body.errors[0].field).toBe("id");
    }
  });
});

describe("the services", () => {
  it("refuse a caller without the permission themselves, not only behind the route (403)", async () => {
    await expect(listTeacherCollections(a.admin)).rejects.toMatchObject({ status: 403 });
    await expect(getTeacherCollection(a.admin, a.own.id)).rejects.toMatchObject({ status: 403 });
  });
});

describe("bound to tenant A, the service asked for tenant B's teacher", () => {
  it("lists nothing and finds nothing of B", async () => {
    expect((await listTeacherCollections(b.teacher)).map((c) => c.id)).toEqual([b.own.id, b.byDistrict.id, b.byRegion.id]);
    binding.tenantId = a.tenant.id;
    expect(await listTeacherCollections(b.teacher)).toEqual([]);
    await expect(getTeacherCollection(b.teacher, b.own.id)).rejects.toMatchObject({ status: 404 });
  });
});
