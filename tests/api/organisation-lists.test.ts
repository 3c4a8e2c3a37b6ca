import { beforeAll, describe, expect, it } from "vitest";
import { GET as regionsGet } from "@/app/en/api/v1/regions/route";
import { GET as districtsGet } from "@/app/en/api/v1/districts/route";
import { GET as districtGet } from "@/app/en/api/v1/districts/[id]/route";
import { GET as locationsGet } from "@/app/en/api/v1/locations/route";
import { GET as tenantRegionsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/regions.json/route";
import { GET as tenantDistrictsGet } from "@/app/en/api/v1/admin/tenants/[tenantId]/districts.json/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeOrgTree, makeRegion, makeTenant, makeUser } from "../support/factories";

/**
 * Tenant A: region R1 > districts D1 (locations L1, L2 inactive) and D2 (L3); region R2 > D3 > L4.
 * Tenant B: one chain. Users: tenant admin, region admin (R1), district admin (D1), teacher (L1).
 */
let A: Awaited<ReturnType<typeof buildA>>;
let B: { tenant: { id: number }; tree: Awaited<ReturnType<typeof makeOrgTree>>; token: string };
const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((x, y) => x - y);
const sorted = (...xs: number[]) => xs.sort((x, y) => x - y);

async function buildA() {
  const tenant = await makeTenant();
  const r1 = await makeRegion(tenant.id, { name: "Central" });
  const r2 = await makeRegion(tenant.id, { name: "Western" });
  const d1 = await makeDistrict(tenant.id, r1.id, { name: "Baltimore", isCensus: true });
  const d2 = await makeDistrict(tenant.id, r1.id, { name: "Howard" });
  const d3 = await makeDistrict(tenant.id, r2.id, { name: "Allegany" });
  const l1 = await makeLocation(tenant.id, d1.id, { name: "Elm Street Elementary" });
  const l2 = await makeLocation(tenant.id, d1.id, { name: "Closed School", active: false });
  const l3 = await makeLocation(tenant.id, d2.id);
  const l4 = await makeLocation(tenant.id, d3.id);
  const user = (roles: Parameters<typeof makeUser>[1]) => makeUser(tenant.id, roles).then((u) => tokenFor(u));
  return {
    tenant,
    r1,
    r2,
    d1,
    d2,
    d3,
    l1,
    l2,
    l3,
    l4,
    tenantAdmin: await user({ roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }),
    regionAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "region", id: r1.id, administrative: true }] }),
    districtAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] }),
    teacher: await user({ roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: l1.id }] }),
  };
}

beforeAll(async () => {
  A = await buildA();
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  B = { tenant, tree, token: await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] })) };
});

describe("GET /regions", () => {
  it("lists the tenant's regions with the spec's keys", async () => {
    const res = await call(regionsGet, "GET", "/en/api/v1/regions", { token: A.tenantAdmin, query: { parentId: A.tenant.id, active: 1 } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["regions"]);
    expect(res.body.regions).toEqual([
      { id: A.r1.id, nameLabel: "Central", parentTenantId: A.tenant.id, parentId: A.tenant.id, uniqueId: A.r1.uniqueId, active: true },
      { id: A.r2.id, nameLabel: "Western", parentTenantId: A.tenant.id, parentId: A.tenant.id, uniqueId: A.r2.uniqueId, active: true },
    ]);
  });

  it("never shows another tenant's regions, even when asked by its id", async () => {
    const own = await call(regionsGet, "GET", "/x", { token: B.token });
    expect(ids(own.body.regions)).toEqual([B.tree.region.id]);
    const asked = await call(regionsGet, "GET", "/x", { token: B.token, query: { parentId: A.tenant.id } });
    expect(asked.status).toBe(200);
    expect(asked.body.regions).toEqual([]);
  });

  it("shows a district admin and a teacher only the region above them", async () => {
    for (const token of [A.districtAdmin, A.teacher]) {
      const res = await call(regionsGet, "GET", "/x", { token });
      expect(ids(res.body.regions)).toEqual([A.r1.id]);
    }
  });

  it("answers bad query values with 400", async () => {
    const active = await call(regionsGet, "GET", "/x", { token: A.tenantAdmin, query: { active: "yes" } });
    expect(active.status).toBe(400);
    expect(active.body.errors).toEqual([{ field: "active", message: "Must be 1 or 0" }]);
    const parent = await call(regionsGet, "GET", "/x", { token: A.tenantAdmin, query: { parentId: "abc" } });
    expect(parent.status).toBe(400);
    expect(parent.body.errors[0].field).toBe("parentId");
    const huge = await call(regionsGet, "GET", "/x", { token: A.tenantAdmin, query: { parentId: "99999999999999" } });
    expect(huge.status).toBe(400);
  });
});

describe("GET /districts and /districts/{id}", () => {
  it("lists a region's districts with isCensus", async () => {
    const res = await call(districtsGet, "GET", "/x", { token: A.tenantAdmin, query: { parentId: A.r1.id, active: 1 } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["districts"]);
    expect(res.body.districts[0]).toEqual({
      id: A.d1.id,
      nameLabel: "Baltimore",
      parentTenantId: A.tenant.id,
      parentId: A.r1.id,
      uniqueId: A.d1.uniqueId,
      isCensus: true,
      active: true,
    });
    expect(ids(res.body.districts)).toEqual(sorted(A.d1.id, A.d2.id));
  });

  it("scopes districts to the admin's links", async () => {
    const region = await call(districtsGet, "GET", "/x", { token: A.regionAdmin });
    expect(ids(region.body.districts)).toEqual(sorted(A.d1.id, A.d2.id));
    const district = await call(districtsGet, "GET", "/x", { token: A.districtAdmin });
    expect(ids(district.body.districts)).toEqual([A.d1.id]);
    const teacher = await call(districtsGet, "GET", "/x", { token: A.teacher, query: { parentId: A.r1.id } });
    expect(ids(teacher.body.districts)).toEqual([A.d1.id]);
    const foreign = await call(districtsGet, "GET", "/x", { token: B.token, query: { parentId: A.r1.id } });
    expect(foreign.body.districts).toEqual([]);
  });

  it("returns one district, and 404 outside the tenant or the admin's reach", async () => {
    const ok = await call(districtGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(A.d1.id) } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ district: expect.objectContaining({ id: A.d1.id, nameLabel: "Baltimore", isCensus: true, parentId: A.r1.id }) });
    const sibling = await call(districtGet, "GET", "/x", { token: A.districtAdmin, params: { id: String(A.d2.id) } });
    expect(sibling.status).toBe(404);
    const foreign = await call(districtGet, "GET", "/x", { token: B.token, params: { id: String(A.d1.id) } });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain("Baltimore");
    const missing = await call(districtGet, "GET", "/x", { token: A.tenantAdmin, params: { id: "2147483000" } });
    expect(missing.status).toBe(404);
    const bad = await call(districtGet, "GET", "/x", { token: A.tenantAdmin, params: { id: "-3" } });
    expect(bad.status).toBe(400);
  });
});

describe("GET /locations", () => {
  it("lists a district's active locations, or all of them without active", async () => {
    const active = await call(locationsGet, "GET", "/x", { token: A.tenantAdmin, query: { parentId: A.d1.id, active: 1 } });
    expect(active.status).toBe(200);
    expect(Object.keys(active.body)).toEqual(["locations"]);
    expect(active.body.locations).toEqual([
      { id: A.l1.id, nameLabel: "Elm Street Elementary", parentTenantId: A.tenant.id, parentId: A.d1.id, uniqueId: A.l1.uniqueId, active: true },
    ]);
    const all = await call(locationsGet, "GET", "/x", { token: A.tenantAdmin, query: { parentId: A.d1.id } });
    expect(ids(all.body.locations)).toEqual(sorted(A.l1.id, A.l2.id));
    const inactive = await call(locationsGet, "GET", "/x", { token: A.tenantAdmin, query: { parentId: A.d1.id, active: 0 } });
    expect(ids(inactive.body.locations)).toEqual([A.l2.id]);
  });

  it("scopes locations: region admin, district admin, teacher, other tenant", async () => {
    const region = await call(locationsGet, "GET", "/x", { token: A.regionAdmin });
    expect(ids(region.body.locations)).toEqual(sorted(A.l1.id, A.l2.id, A.l3.id));
    const district = await call(locationsGet, "GET", "/x", { token: A.districtAdmin });
    expect(ids(district.body.locations)).toEqual(sorted(A.l1.id, A.l2.id));
    const teacher = await call(locationsGet, "GET", "/x", { token: A.teacher });
    expect(ids(teacher.body.locations)).toEqual([A.l1.id]);
    const tenantWide = await call(locationsGet, "GET", "/x", { token: A.tenantAdmin });
    expect(ids(tenantWide.body.locations)).toEqual(sorted(A.l1.id, A.l2.id, A.l3.id, A.l4.id));
    const foreign = await call(locationsGet, "GET", "/x", { token: B.token, query: { parentId: A.d1.id } });
    expect(foreign.body.locations).toEqual([]);
    const own = await call(locationsGet, "GET", "/x", { token: B.token });
    expect(ids(own.body.locations)).toEqual([B.tree.location.id]);
  });

  it("refuses a caller without a session", async () => {
    const res = await call(locationsGet, "GET", "/x");
    expect(res.status).toBe(401);
  });
});

describe("GET /admin/tenants/{t}/regions.json and districts.json (administration.md §7)", () => {
  const regionsOf = (token: string, tenantId: number, query = {}) =>
    call(tenantRegionsGet, "GET", `/en/api/v1/admin/tenants/${tenantId}/regions.json`, { token, params: { tenantId: String(tenantId) }, query });
  const districtsOf = (token: string, tenantId: number, query = {}) =>
    call(tenantDistrictsGet, "GET", `/en/api/v1/admin/tenants/${tenantId}/districts.json`, { token, params: { tenantId: String(tenantId) }, query });

  it("answers what GET /regions and /districts answer, within the caller's reach", async () => {
    for (const token of [A.tenantAdmin, A.regionAdmin, A.districtAdmin]) {
      const plain = await call(regionsGet, "GET", "/x", { token });
      expect(await regionsOf(token, A.tenant.id, { time: "1764000000" })).toMatchObject({ status: 200, body: { regions: plain.body.regions } });
      const districtList = await call(districtsGet, "GET", "/x", { token, query: { parentId: A.r1.id } });
      expect(await districtsOf(token, A.tenant.id, { parentId: A.r1.id })).toMatchObject({ status: 200, body: { districts: districtList.body.districts } });
    }
    expect(ids((await districtsOf(A.tenantAdmin, A.tenant.id)).body.districts)).toEqual(sorted(A.d1.id, A.d2.id, A.d3.id));
    expect(ids((await districtsOf(A.districtAdmin, A.tenant.id)).body.districts)).toEqual([A.d1.id]);
  });

  it("answers another tenant's id with 404 and no token with 401", async () => {
    expect((await regionsOf(B.token, A.tenant.id)).status).toBe(404);
    expect((await districtsOf(B.token, A.tenant.id)).status).toBe(404);
    expect((await call(tenantRegionsGet, "GET", "/x", { params: { tenantId: String(A.tenant.id) } })).status).toBe(401);
  });
});
