import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, dataCollections, studentDataCollectionAssignments } from "@/db/schema";
import type { RouteHandler } from "@/lib/platform/api";
import * as collectionsRoute from "@/app/en/api/v1/data-collections/route";
import * as collectionRoute from "@/app/en/api/v1/data-collections/[id]/route";
import * as supports from "@/app/en/api/v1/data-collections/[id]/supports/route";
import * as sets from "@/app/en/api/v1/data-collections-sets/route";
import * as setRoute from "@/app/en/api/v1/data-collections-sets/[id]/route";
import * as setItems from "@/app/en/api/v1/data-collections-sets/[id]/items/route";
import { GET as regionList } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/collections.json/route";
import { GET as districtList } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/collections.json/route";
import { GET as locationList } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions/[regionId]/districts/[districtId]/locations/[locationId]/collections.json/route";
import { GET as assignmentsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/assignments.json/route";
import * as locationsJson from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/locations.json/route";
import * as districtsJson from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/districts.json/route";
import * as regionsJson from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/regions.json/route";
import { GET as fieldTestsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/fieldtests.json/route";
import * as locationFieldTests from "@/app/en/api/v1/admin/tenants/[tenantId]/collections/[collectionId]/locations/[locationId]/fieldtests.json/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeRegion, makeTenant, makeUser } from "../support/factories";
import { makeEnrollment, score } from "../support/school-fixtures";
import { makeScoringAssessment, type ScoringAssessment } from "../support/scoring-world";

/**
 * Every route of the collections administration (app/en/api/v1/_registry/routes-collections-admin.ts,
 * and the admin side of /data-collections, /data-collections/{id} and its supports), each with its
 * own four cases: success, validation (the field's message), another tenant's admin (404) and a
 * role without the permission (403). Deeper behaviour is in admin-collections.test.ts.
 *
 * Tenant A: region R > district D > location L with one child. Tenant B has its own tenant admin.
 */
type Res = Awaited<ReturnType<typeof call>>;

let fx: ScoringAssessment;
let t: number;
let org: { r: number; d: number; l: number };
let admin: string;
let teacher: string;
let system: string;
let bAdmin: string;

const DAY = 86_400;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  fx = await makeScoringAssessment(2);
  const tenant = await makeTenant();
  t = tenant.id;
  const r = await makeRegion(t);
  const d = await makeDistrict(t, r.id);
  const l = await makeLocation(t, d.id);
  org = { r: r.id, d: d.id, l: l.id };
  await makeEnrollment(t, { regionId: r.id, districtId: d.id, locationId: l.id });
  admin = await tokenFor(await makeUser(t, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
  teacher = await tokenFor(await makeUser(t, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: l.id }] }));
  system = await tokenFor(await makeUser(t, { roles: ["ROLE_SYSTEM_ADMIN"] }));
  const b = await makeTenant();
  bAdmin = await tokenFor(await makeUser(b.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }));
});

const dates = { cycleStartDate: now - DAY, cycleEndDate: now + 30 * DAY, enrollmentEndDate: now + 20 * DAY };
async function collection(name = "Endpoint check"): Promise<number> {
  const res = await call(collectionsRoute.POST, "POST", "/x", {
    token: admin,
    body: { collectionName: name, assessmentId: fx.assessment.id, schoolYear: fx.schoolYearId, ...dates },
  });
  expect(res.status).toBe(200);
  return res.body.dataCollection.id;
}
async function set(collectionId: number): Promise<{ id: number; items: { id: number }[] }> {
  const res = await call(sets.POST, "POST", "/x", {
    token: admin,
    body: { parentDataCollectionId: collectionId, label: "Set", items: [{ parentAssessmentItemId: fx.items[0].id }] },
  });
  expect(res.status).toBe(200);
  return res.body.dataCollectionsSet;
}
async function support(collectionId: number): Promise<number> {
  const res = await call(supports.POST, "POST", "/x", {
    token: admin,
    params: { id: String(collectionId) },
    query: { admin: "true" },
    body: { label: "Large print" },
  });
  return res.body.support.id;
}
const cp = (c: number, extra: Record<string, number> = {}) =>
  Object.fromEntries(Object.entries({ tenantId: t, collectionId: c, ...extra }).map(([k, v]) => [k, String(v)]));
const level = (extra: Record<string, number>) => Object.fromEntries(Object.entries({ tenantId: t, regionId: org.r, ...extra }).map(([k, v]) => [k, String(v)]));

/**
 * One endpoint's four cases. Each runs against data it makes itself. `invalid` answers 400 with
 * `message` as a field error; `otherTenant` is tenant B's admin on tenant A's row (404);
 * `wrongRole` a signed-in person whose role lacks the permission (403).
 */
interface Endpoint {
  name: string;
  ok: () => Promise<void>;
  invalid: () => Promise<Res>;
  message: string;
  otherTenant: () => Promise<Res>;
  /** 404 unless said otherwise (a create names the other tenant's row in its body: a field error). */
  otherTenantStatus?: number;
  wrongRole: () => Promise<Res>;
}

const adminCall = (handler: RouteHandler, method: string, options: Parameters<typeof call>[3]) => call(handler, method, "/x", options);

const endpoints: Endpoint[] = [
  {
    name: "GET /data-collections (administration list)",
    ok: async () => {
      const id = await collection("Listed");
      const res = await adminCall(collectionsRoute.GET, "GET", { token: admin, query: { schoolYear: fx.schoolYearId } });
      expect(res.status).toBe(200);
      expect(res.body.dataCollections.map((c: { id: number }) => c.id)).toContain(id);
    },
    invalid: () => adminCall(collectionsRoute.GET, "GET", { token: admin, query: { schoolYear: "soon" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => {
      const id = await collection();
      const res = await adminCall(collectionsRoute.GET, "GET", { token: bAdmin });
      expect(res.body.dataCollections.map((c: { id: number }) => c.id)).not.toContain(id);
      // A list answers 200 with none of tenant A's rows; the row itself is not found for B.
      return adminCall(collectionRoute.GET, "GET", { token: bAdmin, params: { id: String(id) } });
    },
    wrongRole: () => adminCall(collectionsRoute.GET, "GET", { token: system, query: { role: "teacher" } }),
  },
  {
    name: "POST /data-collections",
    ok: async () => {
      const res = await adminCall(collectionsRoute.POST, "POST", {
        token: admin,
        body: { collectionName: "Created", assessmentId: fx.assessment.id, schoolYear: fx.schoolYearId, ...dates },
      });
      expect(res.status).toBe(200);
      expect(res.body.dataCollection).toMatchObject({ collectionName: "Created", parentTenantId: t, ...dates });
    },
    invalid: () =>
      adminCall(collectionsRoute.POST, "POST", {
        token: admin,
        body: {
          collectionName: "No start",
          assessmentId: fx.assessment.id,
          schoolYear: fx.schoolYearId,
          cycleEndDate: dates.cycleEndDate,
          enrollmentEndDate: dates.enrollmentEndDate,
        },
      }),
    message: "Cycle start date is required",
    // Nothing of another tenant is in the path: its collection named as the parent is a field that is not found.
    otherTenantStatus: 400,
    otherTenant: async () => {
      const parent = await collection();
      const res = await adminCall(collectionsRoute.POST, "POST", {
        token: bAdmin,
        body: { collectionName: "Child", assessmentId: fx.assessment.id, schoolYear: fx.schoolYearId, parentDataCollectionId: parent, ...dates },
      });
      expect(res.body.errors).toEqual([{ field: "parentDataCollectionId", message: "Parent collection not found" }]);
      return res;
    },
    wrongRole: () =>
      adminCall(collectionsRoute.POST, "POST", {
        token: teacher,
        body: { collectionName: "X", assessmentId: fx.assessment.id, schoolYear: fx.schoolYearId, ...dates },
      }),
  },
  {
    name: "PUT /data-collections",
    ok: async () => {
      const id = await collection();
      const parent = await collection("Parent");
      const res = await adminCall(collectionsRoute.PUT, "PUT", {
        token: admin,
        body: {
          id,
          collectionName: "Renamed",
          parentDataCollectionId: parent,
          scoring: {
            rawToScale: {
              overall: [
                [0, 100],
                [2, 200],
              ],
            },
          },
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.dataCollection).toMatchObject({
        collectionName: "Renamed",
        parentDataCollectionId: parent,
        scoring: {
          rawToScale: {
            overall: [
              [0, 100],
              [2, 200],
            ],
          },
        },
      });
    },
    invalid: async () =>
      adminCall(collectionsRoute.PUT, "PUT", {
        token: admin,
        body: {
          id: await collection(),
          scoring: {
            rawToScale: {
              LL: [
                [1, 100],
                [1, 150],
              ],
            },
          },
        },
      }),
    message: "Raw points must differ from row to row",
    otherTenant: async () => adminCall(collectionsRoute.PUT, "PUT", { token: bAdmin, body: { id: await collection(), collectionName: "Taken" } }),
    wrongRole: async () => adminCall(collectionsRoute.PUT, "PUT", { token: teacher, body: { id: await collection(), collectionName: "Taken" } }),
  },
  {
    name: "GET /data-collections/{id} (administration view)",
    ok: async () => {
      const id = await collection("One");
      const res = await adminCall(collectionRoute.GET, "GET", { token: admin, params: { id: String(id) } });
      expect(res.status).toBe(200);
      expect(res.body.dataCollection).toMatchObject({ id, collectionName: "One", assessment: { id: fx.assessment.id } });
    },
    invalid: () => adminCall(collectionRoute.GET, "GET", { token: admin, params: { id: "one" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(collectionRoute.GET, "GET", { token: bAdmin, params: { id: String(await collection()) } }),
    wrongRole: async () => adminCall(collectionRoute.GET, "GET", { token: system, params: { id: String(await collection()) }, query: { role: "teacher" } }),
  },
  {
    name: "DELETE /data-collections/{id}",
    ok: async () => {
      const id = await collection("Short-lived");
      const res = await adminCall(collectionRoute.DELETE, "DELETE", { token: admin, params: { id: String(id) } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id });
      const [row] = await db().select({ deletedAt: dataCollections.deletedAt }).from(dataCollections).where(eq(dataCollections.id, id));
      expect(row.deletedAt).not.toBeNull();
      expect((await adminCall(collectionRoute.GET, "GET", { token: admin, params: { id: String(id) } })).status).toBe(404);
      const list = await adminCall(collectionsRoute.GET, "GET", { token: admin });
      expect(list.body.dataCollections.map((c: { id: number }) => c.id)).not.toContain(id);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.tenantId, t), eq(auditLog.entityType, "data_collection"), eq(auditLog.entityId, id), eq(auditLog.action, "delete")));
      expect(audit).toBeDefined();
    },
    invalid: () => adminCall(collectionRoute.DELETE, "DELETE", { token: admin, params: { id: "0" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(collectionRoute.DELETE, "DELETE", { token: bAdmin, params: { id: String(await collection()) } }),
    wrongRole: async () => adminCall(collectionRoute.DELETE, "DELETE", { token: teacher, params: { id: String(await collection()) } }),
  },
  {
    name: "GET /data-collections/{id}/supports?admin=true",
    ok: async () => {
      const id = await collection();
      const sid = await support(id);
      const res = await adminCall(supports.GET, "GET", { token: admin, params: { id: String(id) }, query: { admin: "true" } });
      expect(res.body).toEqual({ supports: [{ id: sid, label: "Large print", code: null }] });
    },
    invalid: () => adminCall(supports.GET, "GET", { token: admin, params: { id: "x" }, query: { admin: "true" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(supports.GET, "GET", { token: bAdmin, params: { id: String(await collection()) }, query: { admin: "true" } }),
    wrongRole: async () => adminCall(supports.GET, "GET", { token: teacher, params: { id: String(await collection()) }, query: { admin: "true" } }),
  },
  {
    name: "POST /data-collections/{id}/supports?admin=true",
    ok: async () => {
      const id = await collection();
      const res = await adminCall(supports.POST, "POST", {
        token: admin,
        params: { id: String(id) },
        query: { admin: "true" },
        body: { label: "Interpreter", code: "INT" },
      });
      expect(res.body.support).toMatchObject({ label: "Interpreter", code: "INT" });
    },
    invalid: async () =>
      adminCall(supports.POST, "POST", { token: admin, params: { id: String(await collection()) }, query: { admin: "true" }, body: { label: "" } }),
    message: "Label is required",
    otherTenant: async () =>
      adminCall(supports.POST, "POST", { token: bAdmin, params: { id: String(await collection()) }, query: { admin: "true" }, body: { label: "X" } }),
    wrongRole: async () =>
      adminCall(supports.POST, "POST", { token: teacher, params: { id: String(await collection()) }, query: { admin: "true" }, body: { label: "X" } }),
  },
  {
    name: "PUT /data-collections/{id}/supports?admin=true",
    ok: async () => {
      const id = await collection();
      const sid = await support(id);
      const res = await adminCall(supports.PUT, "PUT", {
        token: admin,
        params: { id: String(id) },
        query: { admin: "true" },
        body: { id: sid, label: "Braille" },
      });
      expect(res.body.support).toEqual({ id: sid, label: "Braille", code: null });
    },
    invalid: async () => {
      const id = await collection();
      return adminCall(supports.PUT, "PUT", {
        token: admin,
        params: { id: String(id) },
        query: { admin: "true" },
        body: { id: await support(id), label: " " },
      });
    },
    message: "Label is required",
    otherTenant: async () => {
      const id = await collection();
      return adminCall(supports.PUT, "PUT", {
        token: bAdmin,
        params: { id: String(id) },
        query: { admin: "true" },
        body: { id: await support(id), label: "X" },
      });
    },
    wrongRole: async () => {
      const id = await collection();
      return adminCall(supports.PUT, "PUT", {
        token: teacher,
        params: { id: String(id) },
        query: { admin: "true" },
        body: { id: await support(id), label: "X" },
      });
    },
  },
  {
    name: "DELETE /data-collections/{id}/supports?admin=true&id=",
    ok: async () => {
      const id = await collection();
      const res = await adminCall(supports.DELETE, "DELETE", { token: admin, params: { id: String(id) }, query: { admin: "true", id: await support(id) } });
      expect(res.body).toEqual({ removed: 1 });
    },
    invalid: async () => adminCall(supports.DELETE, "DELETE", { token: admin, params: { id: String(await collection()) }, query: { admin: "true", id: "x" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => {
      const id = await collection();
      return adminCall(supports.DELETE, "DELETE", { token: bAdmin, params: { id: String(id) }, query: { admin: "true", id: await support(id) } });
    },
    wrongRole: async () => {
      const id = await collection();
      return adminCall(supports.DELETE, "DELETE", { token: teacher, params: { id: String(id) }, query: { admin: "true", id: await support(id) } });
    },
  },
  {
    name: "GET /data-collections-sets",
    ok: async () => {
      const id = await collection();
      const s = await set(id);
      const res = await adminCall(sets.GET, "GET", { token: admin, query: { parentDataCollectionId: id } });
      expect(res.body.dataCollectionsSets).toEqual([expect.objectContaining({ id: s.id, label: "Set", parentDataCollectionId: id })]);
    },
    invalid: () => adminCall(sets.GET, "GET", { token: admin, query: {} }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(sets.GET, "GET", { token: bAdmin, query: { parentDataCollectionId: await collection() } }),
    wrongRole: async () => adminCall(sets.GET, "GET", { token: teacher, query: { parentDataCollectionId: await collection() } }),
  },
  {
    name: "POST /data-collections-sets",
    ok: async () => {
      const s = await set(await collection());
      expect(s.items).toHaveLength(1);
    },
    invalid: async () => adminCall(sets.POST, "POST", { token: admin, body: { parentDataCollectionId: await collection(), label: "X", priority: -1 } }),
    message: "Priority must be 0 or more",
    otherTenant: async () => adminCall(sets.POST, "POST", { token: bAdmin, body: { parentDataCollectionId: await collection(), label: "X" } }),
    wrongRole: async () => adminCall(sets.POST, "POST", { token: teacher, body: { parentDataCollectionId: await collection(), label: "X" } }),
  },
  {
    name: "PUT /data-collections-sets/{id}",
    ok: async () => {
      const s = await set(await collection());
      const res = await adminCall(setRoute.PUT, "PUT", { token: admin, params: { id: String(s.id) }, body: { label: "Renamed", priority: 3 } });
      expect(res.body.dataCollectionsSet).toMatchObject({ id: s.id, label: "Renamed", priority: 3 });
    },
    invalid: async () => adminCall(setRoute.PUT, "PUT", { token: admin, params: { id: String((await set(await collection())).id) }, body: { label: "" } }),
    message: "Label is required",
    otherTenant: async () =>
      adminCall(setRoute.PUT, "PUT", { token: bAdmin, params: { id: String((await set(await collection())).id) }, body: { label: "X" } }),
    wrongRole: async () => adminCall(setRoute.PUT, "PUT", { token: teacher, params: { id: String((await set(await collection())).id) }, body: { label: "X" } }),
  },
  {
    name: "DELETE /data-collections-sets/{id}",
    ok: async () => {
      const s = await set(await collection());
      expect((await adminCall(setRoute.DELETE, "DELETE", { token: admin, params: { id: String(s.id) } })).body).toEqual({ removed: 1 });
    },
    invalid: () => adminCall(setRoute.DELETE, "DELETE", { token: admin, params: { id: "-3" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(setRoute.DELETE, "DELETE", { token: bAdmin, params: { id: String((await set(await collection())).id) } }),
    wrongRole: async () => adminCall(setRoute.DELETE, "DELETE", { token: teacher, params: { id: String((await set(await collection())).id) } }),
  },
  {
    name: "GET /data-collections-sets/{id}/items",
    ok: async () => {
      const s = await set(await collection());
      const res = await adminCall(setItems.GET, "GET", { token: admin, params: { id: String(s.id) } });
      expect(res.body.items).toEqual([expect.objectContaining({ parentAssessmentItemId: fx.items[0].id, priority: 1 })]);
    },
    invalid: () => adminCall(setItems.GET, "GET", { token: admin, params: { id: "x" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(setItems.GET, "GET", { token: bAdmin, params: { id: String((await set(await collection())).id) } }),
    wrongRole: async () => adminCall(setItems.GET, "GET", { token: teacher, params: { id: String((await set(await collection())).id) } }),
  },
  {
    name: "POST /data-collections-sets/{id}/items",
    ok: async () => {
      const s = await set(await collection());
      const res = await adminCall(setItems.POST, "POST", { token: admin, params: { id: String(s.id) }, body: { parentAssessmentItemId: fx.items[1].id } });
      expect(res.body.items.map((i: { parentAssessmentItemId: number }) => i.parentAssessmentItemId)).toEqual([fx.items[0].id, fx.items[1].id]);
    },
    invalid: async () => adminCall(setItems.POST, "POST", { token: admin, params: { id: String((await set(await collection())).id) }, body: {} }),
    message: "Must be a positive whole number",
    otherTenant: async () =>
      adminCall(setItems.POST, "POST", {
        token: bAdmin,
        params: { id: String((await set(await collection())).id) },
        body: { parentAssessmentItemId: fx.items[1].id },
      }),
    wrongRole: async () =>
      adminCall(setItems.POST, "POST", {
        token: teacher,
        params: { id: String((await set(await collection())).id) },
        body: { parentAssessmentItemId: fx.items[1].id },
      }),
  },
  {
    name: "PUT /data-collections-sets/{id}/items",
    ok: async () => {
      const s = await set(await collection());
      const res = await adminCall(setItems.PUT, "PUT", {
        token: admin,
        params: { id: String(s.id) },
        body: { id: s.items[0].id, label: "First", priority: 5 },
      });
      expect(res.body.items[0]).toMatchObject({ id: s.items[0].id, label: "First", priority: 5 });
    },
    invalid: async () => {
      const s = await set(await collection());
      return adminCall(setItems.PUT, "PUT", { token: admin, params: { id: String(s.id) }, body: { id: s.items[0].id, priority: 1.5 } });
    },
    message: "Priority must be a whole number",
    otherTenant: async () => {
      const s = await set(await collection());
      return adminCall(setItems.PUT, "PUT", { token: bAdmin, params: { id: String(s.id) }, body: { id: s.items[0].id, priority: 2 } });
    },
    wrongRole: async () => {
      const s = await set(await collection());
      return adminCall(setItems.PUT, "PUT", { token: teacher, params: { id: String(s.id) }, body: { id: s.items[0].id, priority: 2 } });
    },
  },
  {
    name: "DELETE /data-collections-sets/{id}/items?id=",
    ok: async () => {
      const s = await set(await collection());
      const res = await adminCall(setItems.DELETE, "DELETE", { token: admin, params: { id: String(s.id) }, query: { id: s.items[0].id } });
      expect(res.body.items).toEqual([]);
    },
    invalid: async () => adminCall(setItems.DELETE, "DELETE", { token: admin, params: { id: String((await set(await collection())).id) }, query: {} }),
    message: "Must be a positive whole number",
    otherTenant: async () => {
      const s = await set(await collection());
      return adminCall(setItems.DELETE, "DELETE", { token: bAdmin, params: { id: String(s.id) }, query: { id: s.items[0].id } });
    },
    wrongRole: async () => {
      const s = await set(await collection());
      return adminCall(setItems.DELETE, "DELETE", { token: teacher, params: { id: String(s.id) }, query: { id: s.items[0].id } });
    },
  },
  ...(
    [
      ["region", regionList, {}],
      ["district", districtList, { districtId: 0 }],
      ["location", locationList, { districtId: 0, locationId: 0 }],
    ] as const
  ).map(([name, handler, shape]): Endpoint => {
    const path = () => level(Object.fromEntries(Object.keys(shape).map((k) => [k, k === "districtId" ? org.d : org.l])));
    return {
      name: `GET /admin/tenants/{t}/regions/{r}${name === "region" ? "" : name === "district" ? "/districts/{d}" : "/districts/{d}/locations/{l}"}/collections.json`,
      ok: async () => {
        const id = await collection("Per level");
        await adminCall(districtsJson.POST, "POST", { token: admin, params: cp(id), body: { districtId: org.d } });
        const res = await adminCall(handler, "GET", { token: admin, params: path() });
        expect(res.status).toBe(200);
        expect(res.body.collections.find((c: { id: number }) => c.id === id)).toMatchObject({ collection_name: "Per level", assigned_at: "district" });
      },
      invalid: () => adminCall(handler, "GET", { token: admin, params: { ...path(), regionId: "r" } }),
      message: "Must be a positive whole number",
      otherTenant: () => adminCall(handler, "GET", { token: bAdmin, params: path() }),
      wrongRole: () => adminCall(handler, "GET", { token: teacher, params: path() }),
    };
  }),
  {
    name: "GET /admin/tenants/{t}/collections/{c}/assignments.json",
    ok: async () => {
      const id = await collection();
      await adminCall(locationsJson.POST, "POST", { token: admin, params: cp(id), body: { locationId: org.l } });
      const res = await adminCall(assignmentsGet, "GET", { token: admin, params: cp(id) });
      expect(res.body).toMatchObject({ regions: [], districts: [], locations: [{ id: org.l, parentId: org.d }] });
    },
    invalid: () => adminCall(assignmentsGet, "GET", { token: admin, params: { tenantId: String(t), collectionId: "c" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(assignmentsGet, "GET", { token: bAdmin, params: cp(await collection()) }),
    wrongRole: async () => adminCall(assignmentsGet, "GET", { token: teacher, params: cp(await collection()) }),
  },
  {
    name: "GET /admin/tenants/{t}/collections/{c}/locations.json",
    ok: async () => {
      const id = await collection();
      await adminCall(locationsJson.POST, "POST", { token: admin, params: cp(id), body: { locationId: org.l } });
      const res = await adminCall(locationsJson.GET, "GET", { token: admin, params: cp(id) });
      expect(res.body.locations).toEqual([expect.objectContaining({ id: org.l, studentEnrollmentCount: 1, assignmentCount: 1 })]);
    },
    invalid: () => adminCall(locationsJson.GET, "GET", { token: admin, params: { tenantId: "t", collectionId: "1" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(locationsJson.GET, "GET", { token: bAdmin, params: cp(await collection()) }),
    wrongRole: async () => adminCall(locationsJson.GET, "GET", { token: teacher, params: cp(await collection()) }),
  },
  ...(
    [
      ["region", regionsJson, "regionId"],
      ["district", districtsJson, "districtId"],
      ["location", locationsJson, "locationId"],
    ] as const
  ).flatMap(([name, route, key]): Endpoint[] => {
    const target = () => (key === "regionId" ? org.r : key === "districtId" ? org.d : org.l);
    const assigned = async () => {
      const id = await collection();
      await adminCall(route.POST, "POST", { token: admin, params: cp(id), body: { [key]: target() } });
      return id;
    };
    return [
      {
        name: `POST /admin/tenants/{t}/collections/{c}/${name}s.json`,
        ok: async () => {
          const res = await adminCall(route.POST, "POST", { token: admin, params: cp(await collection()), body: { [key]: target() } });
          expect(res.body).toEqual({ assigned: 1, unassigned: 0 });
        },
        invalid: async () => adminCall(route.POST, "POST", { token: admin, params: cp(await collection()), body: { [key]: "x" } }),
        message: "Must be a positive whole number",
        otherTenant: async () => adminCall(route.POST, "POST", { token: bAdmin, params: cp(await collection()), body: { [key]: target() } }),
        wrongRole: async () => adminCall(route.POST, "POST", { token: teacher, params: cp(await collection()), body: { [key]: target() } }),
      },
      {
        name: `DELETE /admin/tenants/{t}/collections/{c}/${name}s.json`,
        ok: async () => {
          const res = await adminCall(route.DELETE, "DELETE", { token: admin, params: cp(await assigned()), query: { [key]: target() } });
          expect(res.body).toEqual({ assigned: 0, unassigned: 1 });
        },
        invalid: async () => adminCall(route.DELETE, "DELETE", { token: admin, params: cp(await assigned()), query: {} }),
        message: "Must be a positive whole number",
        otherTenant: async () => adminCall(route.DELETE, "DELETE", { token: bAdmin, params: cp(await assigned()), query: { [key]: target() } }),
        wrongRole: async () => adminCall(route.DELETE, "DELETE", { token: teacher, params: cp(await assigned()), query: { [key]: target() } }),
      },
    ];
  }),
  {
    name: "GET /admin/tenants/{t}/collections/{c}/fieldtests.json",
    ok: async () => {
      const res = await adminCall(fieldTestsGet, "GET", { token: admin, params: cp(await collection()) });
      expect(res.body).toEqual({ assigned: [], available: [expect.objectContaining({ id: org.l, parentId: org.d })] });
    },
    invalid: () => adminCall(fieldTestsGet, "GET", { token: admin, params: { tenantId: String(t), collectionId: "0" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(fieldTestsGet, "GET", { token: bAdmin, params: cp(await collection()) }),
    wrongRole: async () => adminCall(fieldTestsGet, "GET", { token: teacher, params: cp(await collection()) }),
  },
  {
    name: "POST /admin/tenants/{t}/collections/{c}/locations/{l}/fieldtests.json",
    ok: async () => {
      const res = await adminCall(locationFieldTests.POST, "POST", { token: admin, params: cp(await collection(), { locationId: org.l }) });
      expect(res.body.assigned).toEqual([expect.objectContaining({ id: org.l })]);
    },
    invalid: async () => adminCall(locationFieldTests.POST, "POST", { token: admin, params: { ...cp(await collection()), locationId: "l" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => adminCall(locationFieldTests.POST, "POST", { token: bAdmin, params: cp(await collection(), { locationId: org.l }) }),
    wrongRole: async () => adminCall(locationFieldTests.POST, "POST", { token: teacher, params: cp(await collection(), { locationId: org.l }) }),
  },
  {
    name: "DELETE /admin/tenants/{t}/collections/{c}/locations/{l}/fieldtests.json",
    ok: async () => {
      const id = await collection();
      await adminCall(locationFieldTests.POST, "POST", { token: admin, params: cp(id, { locationId: org.l }) });
      const res = await adminCall(locationFieldTests.DELETE, "DELETE", { token: admin, params: cp(id, { locationId: org.l }) });
      expect(res.body.assigned).toEqual([]);
    },
    invalid: async () => adminCall(locationFieldTests.DELETE, "DELETE", { token: admin, params: { ...cp(await collection()), locationId: "-1" } }),
    message: "Must be a positive whole number",
    otherTenant: async () => {
      const id = await collection();
      await adminCall(locationFieldTests.POST, "POST", { token: admin, params: cp(id, { locationId: org.l }) });
      return adminCall(locationFieldTests.DELETE, "DELETE", { token: bAdmin, params: cp(id, { locationId: org.l }) });
    },
    wrongRole: async () => adminCall(locationFieldTests.DELETE, "DELETE", { token: teacher, params: cp(await collection(), { locationId: org.l }) }),
  },
];

describe.each(endpoints)("$name", (endpoint) => {
  it("succeeds for a tenant admin", endpoint.ok);
  it("refuses bad input with the field's message (400)", async () => {
    const res = await endpoint.invalid();
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ message: endpoint.message })]));
  });
  it(`answers another tenant's admin ${endpoint.otherTenantStatus ?? 404}`, async () => {
    expect((await endpoint.otherTenant()).status).toBe(endpoint.otherTenantStatus ?? 404);
  });
  it("refuses a role without the permission (403)", async () => {
    expect((await endpoint.wrongRole()).status).toBe(403);
  });
});

describe("DELETE /data-collections/{id} refusals", () => {
  it("refuses a collection with scores, and a parent of another collection, with 409 and a clear message", async () => {
    const id = await collection("Scored");
    await set(id);
    await adminCall(locationsJson.POST, "POST", { token: admin, params: cp(id), body: { locationId: org.l } });
    // The one child at L, assigned by the location assignment above.
    const [kid] = await db().select().from(studentDataCollectionAssignments).where(eq(studentDataCollectionAssignments.dataCollectionId, id));
    await score(t, id, kid.studentEnrollmentId, [fx.items[0].id], fx.entries.A.id);
    const scored = await adminCall(collectionRoute.DELETE, "DELETE", { token: admin, params: { id: String(id) } });
    expect(scored.status).toBe(409);
    expect(scored.body).toEqual({ message: "This collection has scores and cannot be deleted" });

    const parent = await collection("Parent window");
    await adminCall(collectionsRoute.POST, "POST", {
      token: admin,
      body: { collectionName: "Checkpoint 1", assessmentId: fx.assessment.id, schoolYear: fx.schoolYearId, parentDataCollectionId: parent, ...dates },
    });
    const parentRes = await adminCall(collectionRoute.DELETE, "DELETE", { token: admin, params: { id: String(parent) } });
    expect(parentRes.status).toBe(409);
    expect(parentRes.body.message).toBe("This collection is the parent of Checkpoint 1 and cannot be deleted");
  });
});
