import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, collectionLocationProgress, dataCollectionItems, studentDataCollectionAssignments, studentResults } from "@/db/schema";
import { GET as listGet, POST as collectionPost, PUT as collectionPut } from "@/app/en/api/v1/data-collections/route";
import { GET as oneGet } from "@/app/en/api/v1/data-collections/[id]/route";
import { DELETE as supportDelete, GET as supportsGet, POST as supportPost, PUT as supportPut } from "@/app/en/api/v1/data-collections/[id]/supports/route";
import { GET as setsGet, POST as setPost } from "@/app/en/api/v1/data-collections-sets/route";
import { DELETE as setDelete, PUT as setPut } from "@/app/en/api/v1/data-collections-sets/[id]/route";
import { DELETE as itemDelete, GET as itemsGet, POST as itemPost, PUT as itemPut } from "@/app/en/api/v1/data-collections-sets/[id]/items/route";
import { GET as regionList } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/collections.json/route";
import { GET as districtList } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/collections.json/route";
import { GET as locationList } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/locations/[locationId]/collections.json/route";
import { GET as assignmentsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/assignments.json/route";
import {
  DELETE as locationUnassign,
  GET as locationsGet,
  POST as locationAssign,
} from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/locations.json/route";
import { DELETE as districtUnassign, POST as districtAssign } from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/districts.json/route";
import { DELETE as regionUnassign, POST as regionAssign } from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/regions.json/route";
import { GET as fieldTestsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/fieldtests.json/route";
import {
  DELETE as fieldTestDelete,
  POST as fieldTestPost,
} from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/locations/[locationId]/fieldtests.json/route";
import { GET as teacherList } from "@/app/en/api/v1/data-collections/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeRegion, makeTenant, makeUser } from "../support/factories";
import { makeEnrollment, score } from "../support/school-fixtures";
import { makeScoringAssessment, type ScoringAssessment } from "../support/scoring-world";

/**
 * Tenant A: region R1 > district D1 (locations L1 with two children, L2 with one) and D2 (L3, one
 * child). A tenant admin, a district admin of D1, a location admin of L1, a teacher at L1. Tenant B
 * has its own tenant admin. The assessment has three items on an A-D scale.
 */
let fx: ScoringAssessment;
let A: Awaited<ReturnType<typeof buildA>>;
let bAdmin: string;
let bTenant: number;

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

async function buildA() {
  const tenant = await makeTenant();
  const r1 = await makeRegion(tenant.id, { name: "Central" });
  const d1 = await makeDistrict(tenant.id, r1.id, { name: "Baltimore" });
  const d2 = await makeDistrict(tenant.id, r1.id, { name: "Howard" });
  const l1 = await makeLocation(tenant.id, d1.id, { name: "Elm Street" });
  const l2 = await makeLocation(tenant.id, d1.id, { name: "Oak Park" });
  const l3 = await makeLocation(tenant.id, d2.id, { name: "Pine Hill" });
  const teacherUser = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: l1.id }] });
  const at = (l: { id: number; districtId: number }) => ({ regionId: r1.id, districtId: l.districtId, locationId: l.id });
  const kids = {
    l1: [await makeEnrollment(tenant.id, at(l1), { teacherId: teacherUser.id }), await makeEnrollment(tenant.id, at(l1), { teacherId: teacherUser.id })],
    l2: [await makeEnrollment(tenant.id, at(l2))],
    l3: [await makeEnrollment(tenant.id, at(l3))],
  };
  const user = (options: Parameters<typeof makeUser>[1]) => makeUser(tenant.id, options).then((u) => tokenFor(u));
  return {
    tenant,
    r1,
    d1,
    d2,
    l1,
    l2,
    l3,
    kids,
    admin: await user({ roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }),
    districtAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] }),
    locationAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: l1.id, administrative: true }] }),
    teacher: await tokenFor(teacherUser),
  };
}

beforeAll(async () => {
  fx = await makeScoringAssessment(3);
  A = await buildA();
  const b = await makeTenant();
  bTenant = b.id;
  bAdmin = await tokenFor(await makeUser(b.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
});

const dates = { cycleStartDate: now - 2 * DAY, cycleEndDate: now + 30 * DAY, enrollmentEndDate: now + 20 * DAY };
const newCollection = (token: string, body: Record<string, unknown> = {}) =>
  call(collectionPost, "POST", "/x", {
    token,
    body: { collectionName: "Fall KRA", assessmentId: fx.assessment.id, schoolYear: fx.schoolYearId, ...dates, ...body },
  });
const audits = (entityType: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, A.tenant.id), eq(auditLog.entityType, entityType)));
const collectionParams = (collectionId: number, tenantId = A.tenant.id) => ({ tenantId: String(tenantId), collectionId: String(collectionId) });
const progress = async (collectionId: number, locationId: number) => {
  const [p] = await db()
    .select()
    .from(collectionLocationProgress)
    .where(and(eq(collectionLocationProgress.dataCollectionId, collectionId), eq(collectionLocationProgress.locationId, locationId)));
  return p?.students ?? 0;
};

describe("POST, PUT and GET /data-collections (administration)", () => {
  it("creates a collection from unix seconds, answers it under dataCollection, audits it and lists it", async () => {
    const res = await newCollection(A.admin, { dataDisplaysDate: now + 40 * DAY });
    expect(res.status).toBe(200);
    expect(res.body.dataCollection).toMatchObject({
      id: expect.any(Number),
      parentTenantId: A.tenant.id,
      collectionName: "Fall KRA",
      schoolYear: { id: fx.schoolYearId },
      assessment: { id: fx.assessment.id },
      ...dates,
      dataDisplaysDate: now + 40 * DAY,
      reportAccessDate: null,
      hideToken: false,
      scoring: {},
    });
    const id = res.body.dataCollection.id;
    expect((await audits("data_collection")).find((r) => r.entityId === id)).toMatchObject({ action: "create" });
    const list = await call(listGet, "GET", "/x", { token: A.admin });
    expect(list.body.dataCollections.map((c: { id: number }) => c.id)).toContain(id);
    const one = await call(oneGet, "GET", "/x", { token: A.admin, params: { id: String(id) } });
    expect(one.body.dataCollection.id).toBe(id);
  });

  it("refuses missing required dates with the spec's field messages, and a cycle ending before it starts", async () => {
    const res = await call(collectionPost, "POST", "/x", {
      token: A.admin,
      body: { collectionName: "No dates", assessmentId: fx.assessment.id, schoolYear: fx.schoolYearId },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: "cycleStartDate", message: "Cycle start date is required" },
        { field: "cycleEndDate", message: "Cycle end date is required" },
        { field: "enrollmentEndDate", message: "Enrollment end date is required" },
      ]),
    );
    const order = await newCollection(A.admin, { cycleEndDate: now - 10 * DAY });
    expect(order.status).toBe(400);
    expect(order.body.errors).toEqual([{ field: "cycleEndDate", message: "Cycle end date must be on or after the cycle start date" }]);
    const text = await newCollection(A.admin, { isrAccessDate: "soon" });
    expect(text.body.errors).toEqual([{ field: "isrAccessDate", message: "ISR access date must be a date (unix seconds)" }]);
    const unknown = await newCollection(A.admin, { assessmentId: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: "assessmentId", message: "Assessment not found" }]);
  });

  it("edits the named fields, audits before and after, and keeps the required dates", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    const res = await call(collectionPut, "PUT", "/x", { token: A.admin, body: { id, collectionName: "Fall KRA 2", hideToken: true, reportAccessDate: now } });
    expect(res.status).toBe(200);
    expect(res.body.dataCollection).toMatchObject({ collectionName: "Fall KRA 2", hideToken: true, reportAccessDate: now });
    const row = (await audits("data_collection")).find((r) => r.entityId === id && r.action === "update");
    expect(row?.details).toMatchObject({
      before: { collectionName: "Fall KRA", hideToken: false, reportAccessDate: null },
      after: { collectionName: "Fall KRA 2" },
    });
    const cleared = await call(collectionPut, "PUT", "/x", { token: A.admin, body: { id, cycleStartDate: null } });
    expect(cleared.body.errors).toEqual([{ field: "cycleStartDate", message: "Cycle start date is required" }]);
    const late = await call(collectionPut, "PUT", "/x", { token: A.admin, body: { id, cycleStartDate: now + 60 * DAY } });
    expect(late.body.errors).toEqual([{ field: "cycleEndDate", message: "Cycle end date must be on or after the cycle start date" }]);
  });

  it("refuses other admins' building (403), a teacher (403 on writes, the role message on the list) and another tenant (404)", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    expect((await newCollection(A.districtAdmin)).status).toBe(403);
    expect((await newCollection(A.teacher)).status).toBe(403);
    expect((await call(collectionPut, "PUT", "/x", { token: bAdmin, body: { id, collectionName: "Taken" } })).status).toBe(404);
    expect((await call(oneGet, "GET", "/x", { token: bAdmin, params: { id: String(id) } })).status).toBe(404);
    // Not assigned anywhere yet: outside the district admin's reach.
    expect((await call(oneGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(id) } })).status).toBe(404);
    const teacher = await call(teacherList, "GET", "/x", { token: A.teacher });
    expect(teacher.body.errors).toEqual([{ field: "role", message: "Must be teacher" }]);
  });
});

describe("item sets and their items", () => {
  it("creates sets with items, which become the collection's items in priority order, and recomputes results", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    await call(districtAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { districtId: A.d1.id } });
    const kid = A.kids.l1[0].enrollment.id;
    await score(A.tenant.id, id, kid, [fx.items[0].id], fx.entries.A.id);
    const res = await call(setPost, "POST", "/x", {
      token: A.admin,
      body: {
        parentDataCollectionId: id,
        label: "Literacy",
        priority: 2,
        items: [{ parentAssessmentItemId: fx.items[1].id }, { parentAssessmentItemId: fx.items[0].id }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.dataCollectionsSet).toMatchObject({
      label: "Literacy",
      priority: 2,
      parentDataCollectionId: id,
      items: [
        { parentAssessmentItemId: fx.items[1].id, priority: 1, code: "I2" },
        { parentAssessmentItemId: fx.items[0].id, priority: 2 },
      ],
    });
    const result = async () =>
      (
        await db()
          .select()
          .from(studentResults)
          .where(and(eq(studentResults.dataCollectionId, id), eq(studentResults.studentEnrollmentId, kid)))
      )[0];
    expect(await result()).toMatchObject({ scoredItems: 1, totalItems: 2, progress: 50 });
    const first = await call(setPost, "POST", "/x", {
      token: A.admin,
      body: { parentDataCollectionId: id, label: "Maths", priority: 1, items: [{ parentAssessmentItemId: fx.items[2].id }] },
    });
    const items = await db().select().from(dataCollectionItems).where(eq(dataCollectionItems.dataCollectionId, id)).orderBy(dataCollectionItems.sortOrder);
    expect(items.map((i) => i.assessmentItemId)).toEqual([fx.items[2].id, fx.items[1].id, fx.items[0].id]);
    expect(await result()).toMatchObject({ totalItems: 3, progress: 33 });
    const sets = await call(setsGet, "GET", "/x", { token: A.admin, query: { parentDataCollectionId: id } });
    expect(sets.body.dataCollectionsSets.map((s: { label: string }) => s.label)).toEqual(["Maths", "Literacy"]);

    const setId = res.body.dataCollectionsSet.id;
    const removed = await call(itemDelete, "DELETE", "/x", {
      token: A.admin,
      params: { id: String(setId) },
      query: { id: res.body.dataCollectionsSet.items[1].id },
    });
    expect(removed.body.items.map((i: { parentAssessmentItemId: number }) => i.parentAssessmentItemId)).toEqual([fx.items[1].id]);
    expect(await result()).toMatchObject({ scoredItems: 0, totalItems: 2, progress: 0 });
    const added = await call(itemPost, "POST", "/x", {
      token: A.admin,
      params: { id: String(setId) },
      body: { parentAssessmentItemId: fx.items[0].id, label: "Letters" },
    });
    expect(added.body.items[1]).toMatchObject({ parentAssessmentItemId: fx.items[0].id, label: "Letters", priority: 2 });
    expect(await result()).toMatchObject({ scoredItems: 1, totalItems: 3 });
    const again = await call(itemPost, "POST", "/x", { token: A.admin, params: { id: String(setId) }, body: { parentAssessmentItemId: fx.items[0].id } });
    expect(again.status).toBe(409);
    const moved = await call(itemPut, "PUT", "/x", { token: A.admin, params: { id: String(setId) }, body: { id: added.body.items[1].id, priority: 0 } });
    expect(moved.body.items[0].parentAssessmentItemId).toBe(fx.items[0].id);
    const listed = await call(itemsGet, "GET", "/x", { token: A.admin, params: { id: String(setId) } });
    expect(listed.body.items).toEqual(moved.body.items);

    const renamed = await call(setPut, "PUT", "/x", { token: A.admin, params: { id: String(setId) }, body: { label: "Language", priority: 0 } });
    expect(renamed.body.dataCollectionsSet).toMatchObject({ label: "Language", priority: 0 });
    const gone = await call(setDelete, "DELETE", "/x", { token: A.admin, params: { id: String(first.body.dataCollectionsSet.id) } });
    expect(gone.body).toEqual({ removed: 1 });
    expect(await result()).toMatchObject({ totalItems: 2 });
    const actions = (await audits("data_collection_set"))
      .filter((r) => (r.details as { dataCollectionId: number }).dataCollectionId === id)
      .map((r) => r.action);
    expect(actions.sort()).toEqual(["create", "create", "delete", "update"]);
  });

  it("refuses an item of another assessment (400), other admins' changes (403) and another tenant's set (404)", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    const other = await makeScoringAssessment(1);
    const bad = await call(setPost, "POST", "/x", {
      token: A.admin,
      body: { parentDataCollectionId: id, label: "X", items: [{ parentAssessmentItemId: other.items[0].id }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "items.0.parentAssessmentItemId", message: "Item is not part of the collection's assessment" }]);
    const blank = await call(setPost, "POST", "/x", { token: A.admin, body: { parentDataCollectionId: id, label: " " } });
    expect(blank.body.errors).toEqual([{ field: "label", message: "Label is required" }]);
    const set = (await call(setPost, "POST", "/x", { token: A.admin, body: { parentDataCollectionId: id, label: "Y" } })).body.dataCollectionsSet;
    await call(locationAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { locationId: A.l1.id } });
    expect((await call(setPut, "PUT", "/x", { token: A.locationAdmin, params: { id: String(set.id) }, body: { label: "Z" } })).status).toBe(403);
    expect((await call(setPut, "PUT", "/x", { token: bAdmin, params: { id: String(set.id) }, body: { label: "Z" } })).status).toBe(404);
    expect((await call(setsGet, "GET", "/x", { token: A.teacher, query: { parentDataCollectionId: id } })).status).toBe(403);
  });
});

describe("supports (?admin=true)", () => {
  it("offers, renames and removes a collection's supports, audited; the teacher side of the path is unchanged", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    const path = { params: { id: String(id) } };
    const created = await call(supportPost, "POST", "/x", { token: A.admin, ...path, query: { admin: "true" }, body: { label: "Interpreter", code: "INT" } });
    expect(created.body).toEqual({ support: { id: expect.any(Number), label: "Interpreter", code: "INT" } });
    const sid = created.body.support.id;
    const renamed = await call(supportPut, "PUT", "/x", {
      token: A.admin,
      ...path,
      query: { admin: "true" },
      body: { id: sid, label: "Sign language", code: null },
    });
    expect(renamed.body.support).toEqual({ id: sid, label: "Sign language", code: null });
    expect((await call(supportsGet, "GET", "/x", { token: A.admin, ...path, query: { admin: "true" } })).body).toEqual({
      supports: [{ id: sid, label: "Sign language", code: null }],
    });
    expect((await call(supportDelete, "DELETE", "/x", { token: A.admin, ...path, query: { admin: "true", id: sid } })).body).toEqual({ removed: 1 });
    expect((await audits("data_collection_support")).filter((r) => r.entityId === sid).map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect((await call(supportsGet, "GET", "/x", { token: A.admin, ...path })).status).toBe(403);
    expect((await call(supportPost, "POST", "/x", { token: bAdmin, ...path, query: { admin: "true" }, body: { label: "X" } })).status).toBe(404);
    expect((await call(supportPost, "POST", "/x", { token: A.teacher, ...path, query: { admin: "true" }, body: { label: "X" } })).status).toBe(403);
  });
});

describe("assignments to regions, districts and locations", () => {
  it("assigns the children under the organisation, counts them per location, lists per level and unassigns", async () => {
    const id = (await newCollection(A.admin, { collectionName: "Assigned" })).body.dataCollection.id;
    const district = await call(districtAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { districtId: A.d1.id } });
    expect(district.body).toEqual({ assigned: 3, unassigned: 0 });
    expect(await progress(id, A.l1.id)).toBe(2);
    expect(await progress(id, A.l2.id)).toBe(1);
    expect((await call(districtAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { districtId: A.d1.id } })).body).toEqual({
      assigned: 0,
      unassigned: 0,
    });
    const location = await call(locationAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { locationId: A.l1.id } });
    expect(location.body.assigned).toBe(0);

    const locations = await call(locationsGet, "GET", "/x", { token: A.admin, params: collectionParams(id) });
    expect(locations.body.locations).toEqual([
      {
        id: A.l1.id,
        nameLabel: "Elm Street",
        uniqueId: A.l1.uniqueId,
        parentId: A.d1.id,
        parentTenantId: A.tenant.id,
        studentEnrollmentCount: 2,
        assignmentCount: 2,
      },
      {
        id: A.l2.id,
        nameLabel: "Oak Park",
        uniqueId: A.l2.uniqueId,
        parentId: A.d1.id,
        parentTenantId: A.tenant.id,
        studentEnrollmentCount: 1,
        assignmentCount: 1,
      },
    ]);
    const assignments = await call(assignmentsGet, "GET", "/x", { token: A.admin, params: collectionParams(id) });
    expect(assignments.body).toMatchObject({
      regions: [],
      districts: [{ id: A.d1.id, nameLabel: "Baltimore", parentId: A.r1.id }],
      locations: [{ id: A.l1.id }],
    });

    const level = (handler: typeof regionList, params: Record<string, number>, token = A.admin) =>
      call(handler, "GET", "/x", {
        token,
        params: Object.fromEntries(Object.entries({ tenantId: A.tenant.id, regionId: A.r1.id, ...params }).map(([k, v]) => [k, String(v)])),
      });
    const mine = (res: Awaited<ReturnType<typeof level>>) => res.body.collections.find((c: { id: number }) => c.id === id);
    expect(mine(await level(regionList, {}))).toMatchObject({ collection_name: "Assigned", assigned_at: "district", cycle_start_date: dates.cycleStartDate });
    expect(mine(await level(districtList, { districtId: A.d1.id }))).toMatchObject({ assigned_at: "district" });
    expect(mine(await level(locationList, { districtId: A.d1.id, locationId: A.l1.id }))).toMatchObject({ assigned_at: "location" });
    expect(mine(await level(districtList, { districtId: A.d2.id }))).toBeUndefined();
    expect((await level(locationList, { districtId: A.d2.id, locationId: A.l1.id })).status).toBe(404);
    expect(mine(await level(districtList, { districtId: A.d1.id }, A.districtAdmin))).toBeDefined();
    expect((await level(districtList, { districtId: A.d2.id }, A.districtAdmin)).status).toBe(404);

    // The teacher at L1 now sees it.
    const teacher = await call(teacherList, "GET", "/x", { token: A.teacher, query: { role: "teacher" } });
    expect(teacher.body.dataCollections.map((c: { id: number }) => c.id)).toContain(id);

    // A scored child stays assigned when the district goes; L1 is still covered by its own assignment.
    await score(A.tenant.id, id, A.kids.l2[0].enrollment.id, [fx.items[0].id], fx.entries.A.id);
    const off = await call(districtUnassign, "DELETE", "/x", { token: A.admin, params: collectionParams(id), query: { districtId: A.d1.id } });
    expect(off.body).toEqual({ assigned: 0, unassigned: 0 });
    expect(await progress(id, A.l1.id)).toBe(2);
    expect(await progress(id, A.l2.id)).toBe(1);
    const l1off = await call(locationUnassign, "DELETE", "/x", { token: A.admin, params: collectionParams(id), query: { locationId: A.l1.id } });
    expect(l1off.body).toEqual({ assigned: 0, unassigned: 2 });
    expect(await progress(id, A.l1.id)).toBe(0);
    expect((await call(locationUnassign, "DELETE", "/x", { token: A.admin, params: collectionParams(id), query: { locationId: A.l1.id } })).status).toBe(404);

    const region = await call(regionAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { regionId: A.r1.id } });
    expect(region.body).toEqual({ assigned: 3, unassigned: 0 });
    expect(await progress(id, A.l3.id)).toBe(1);
    expect((await call(regionUnassign, "DELETE", "/x", { token: A.admin, params: collectionParams(id), query: { regionId: A.r1.id } })).body).toEqual({
      assigned: 0,
      unassigned: 3,
    });
    const audited = await audits("data_collection_district_assignment");
    expect(audited.filter((r) => (r.details as { dataCollectionId: number }).dataCollectionId === id).map((r) => r.action)).toEqual(["create", "delete"]);
  });

  it("lets a district admin assign within their district only, and refuses the wrong tenant, role and collection", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    // Outside their reach until it is assigned there.
    expect((await call(locationAssign, "POST", "/x", { token: A.districtAdmin, params: collectionParams(id), body: { locationId: A.l1.id } })).status).toBe(
      404,
    );
    await call(locationAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { locationId: A.l2.id } });
    const ok = await call(locationAssign, "POST", "/x", { token: A.districtAdmin, params: collectionParams(id), body: { locationId: A.l1.id } });
    expect(ok.body).toEqual({ assigned: 2, unassigned: 0 });
    expect((await call(locationAssign, "POST", "/x", { token: A.districtAdmin, params: collectionParams(id), body: { locationId: A.l3.id } })).status).toBe(
      404,
    );
    expect((await call(regionAssign, "POST", "/x", { token: A.districtAdmin, params: collectionParams(id), body: { regionId: A.r1.id } })).status).toBe(404);
    const seen = await call(locationsGet, "GET", "/x", { token: A.locationAdmin, params: collectionParams(id) });
    expect(seen.body.locations.map((l: { id: number }) => l.id)).toEqual([A.l1.id]);
    expect((await call(locationsGet, "GET", "/x", { token: A.teacher, params: collectionParams(id) })).status).toBe(403);
    expect((await call(locationsGet, "GET", "/x", { token: bAdmin, params: collectionParams(id, bTenant) })).status).toBe(404);
    expect((await call(locationsGet, "GET", "/x", { token: A.admin, params: collectionParams(id, bTenant) })).status).toBe(404);
    const bad = await call(locationAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { locationId: "x" } });
    expect(bad.status).toBe(400);
    const assigned = await db().select().from(studentDataCollectionAssignments).where(eq(studentDataCollectionAssignments.dataCollectionId, id));
    expect(assigned.every((a) => a.teacherType === "Primary" && /^[0-9A-F]{12}$/.test(a.token))).toBe(true);
  });
});

describe("field tests", () => {
  it("lists assigned and available locations, adds and removes within reach, audited", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    const path = (locationId: number, tenantId = A.tenant.id) => ({ params: { ...collectionParams(id, tenantId), locationId: String(locationId) } });
    const before = await call(fieldTestsGet, "GET", "/x", { token: A.admin, params: collectionParams(id) });
    expect(before.body.assigned).toEqual([]);
    expect(before.body.available.map((l: { id: number }) => l.id)).toEqual([A.l1.id, A.l2.id, A.l3.id]);
    const added = await call(fieldTestPost, "POST", "/x", { token: A.admin, ...path(A.l2.id) });
    expect(added.body.assigned).toEqual([{ id: A.l2.id, nameLabel: "Oak Park", uniqueId: A.l2.uniqueId, parentId: A.d1.id }]);
    expect(added.body.available.map((l: { id: number }) => l.id)).toEqual([A.l1.id, A.l3.id]);
    const removed = await call(fieldTestDelete, "DELETE", "/x", { token: A.admin, ...path(A.l2.id) });
    expect(removed.body.assigned).toEqual([]);
    expect((await call(fieldTestDelete, "DELETE", "/x", { token: A.admin, ...path(A.l2.id) })).status).toBe(404);
    expect(
      (await audits("data_collection_field_test")).filter((r) => (r.details as { dataCollectionId: number }).dataCollectionId === id).map((r) => r.action),
    ).toEqual(["create", "delete"]);
    expect((await call(fieldTestPost, "POST", "/x", { token: A.teacher, ...path(A.l2.id) })).status).toBe(403);
    expect((await call(fieldTestPost, "POST", "/x", { token: bAdmin, ...path(A.l2.id, bTenant) })).status).toBe(404);
  });
});

describe("scoring rules", () => {
  it("saves the collection's scoring, which the results read over the assessment's configuration", async () => {
    const id = (await newCollection(A.admin)).body.dataCollection.id;
    await call(setPost, "POST", "/x", {
      token: A.admin,
      body: { parentDataCollectionId: id, label: "All", items: fx.items.map((i) => ({ parentAssessmentItemId: i.id })) },
    });
    await call(locationAssign, "POST", "/x", { token: A.admin, params: collectionParams(id), body: { locationId: A.l3.id } });
    const kid = A.kids.l3[0].enrollment.id;
    await score(
      A.tenant.id,
      id,
      kid,
      fx.items.map((i) => i.id),
      fx.entries.D.id,
    );
    const result = async () =>
      (
        await db()
          .select()
          .from(studentResults)
          .where(and(eq(studentResults.dataCollectionId, id), eq(studentResults.studentEnrollmentId, kid)))
      )[0];
    expect((await result()).overallScore).toBe(100);
    const scoring = {
      scaleScore: { min: 200, max: 300 },
      performanceLevels: [
        { code: "LOW", label: "Low", min: 200, max: 249 },
        { code: "HIGH", label: "High", min: 250, max: 300 },
      ],
      itemWeights: { I1: 2 },
    };
    const res = await call(collectionPut, "PUT", "/x", { token: A.admin, body: { id, scoring } });
    expect(res.status).toBe(200);
    expect(res.body.dataCollection.scoring).toEqual(scoring);
    expect(await result()).toMatchObject({ overallScore: 300, performanceLevel: "HIGH" });
    const bad = await call(collectionPut, "PUT", "/x", { token: A.admin, body: { id, scoring: { scaleScore: { min: 300, max: 200 } } } });
    expect(bad.body.errors).toEqual([{ field: "scoring.scaleScore.max", message: "Highest scale score must be above the lowest" }]);
  });
});
