import { beforeAll, describe, expect, it } from "vitest";
import { GET as userOrgsGet } from "@/app/en/api/v1/users/[id]/organizations/route";
import { call, tokenFor } from "../support/api";
import { makeLocation, makeOrgTree, makeTenant, makeUser } from "../support/factories";

/** A location admin, and a district admin who also works at that location (so both reach them). */
let w: Awaited<ReturnType<typeof world>>;

async function world() {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const sibling = await makeLocation(tenant.id, tree.district.id);
  const locationAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: tree.location.id, administrative: true }] });
  const districtAdmin = await makeUser(tenant.id, {
    roles: ["ROLE_ADMIN"],
    orgs: [
      { orgType: "region", id: tree.region.id, administrative: true },
      { orgType: "district", id: tree.district.id, administrative: true },
      { orgType: "location", id: tree.location.id, administrative: true },
      { orgType: "location", id: sibling.id, administrative: true },
    ],
  });
  const districtOnly = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: tree.district.id, administrative: true }] });
  const regionAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "region", id: tree.region.id, administrative: true }] });
  const tenantAdmin = await makeUser(tenant.id, { roles: ["ROLE_TENANT_ADMIN"] });
  return { tenant, tree, sibling, locationAdmin, districtAdmin, districtOnly, regionAdmin, tenantAdmin };
}

const linksOf = async (viewer: { id: number; tenantId: number }, userId: number, query: Record<string, string> = {}) => {
  const res = await call(userOrgsGet, "GET", `/en/api/v1/users/${userId}/organizations`, {
    token: await tokenFor(viewer),
    params: { id: String(userId) },
    query,
  });
  return {
    status: res.status,
    links: res.status === 200 ? res.body.organizations.map((o: { orgType: string; parentId: number }) => `${o.orgType}:${o.parentId}`) : res.body,
  };
};

beforeAll(async () => {
  w = await world();
});

describe("GET /users/{id}/organizations within the caller's reach", () => {
  it("shows a location admin only the district admin's link to that location, not the district, region or other locations", async () => {
    const seen = await linksOf(w.locationAdmin, w.districtAdmin.id);
    expect(seen).toEqual({ status: 200, links: [`location:${w.tree.location.id}`] });
    const administrative = await linksOf(w.locationAdmin, w.districtAdmin.id, { admin: "true" });
    expect(administrative).toEqual({ status: 200, links: [`location:${w.tree.location.id}`] });
  });

  it("answers 404 to a location admin for an admin linked only above them", async () => {
    expect((await linksOf(w.locationAdmin, w.districtOnly.id)).status).toBe(404);
  });

  it("shows a district admin the district and its locations but not the region above", async () => {
    const seen = await linksOf(w.districtOnly, w.districtAdmin.id);
    expect(seen).toEqual({
      status: 200,
      links: [`district:${w.tree.district.id}`, ...[w.tree.location.id, w.sibling.id].sort((x, y) => x - y).map((id) => `location:${id}`)],
    });
  });

  it("shows a region admin, a tenant admin and the user themselves every link", async () => {
    const all = [
      `region:${w.tree.region.id}`,
      `district:${w.tree.district.id}`,
      ...[w.tree.location.id, w.sibling.id].sort((x, y) => x - y).map((id) => `location:${id}`),
    ];
    for (const viewer of [w.regionAdmin, w.tenantAdmin, w.districtAdmin]) {
      expect(await linksOf(viewer, w.districtAdmin.id)).toEqual({ status: 200, links: all });
    }
  });
});
