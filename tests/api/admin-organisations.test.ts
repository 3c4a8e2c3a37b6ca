import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { auditLog, districts, locations, regions } from "@/db/schema";
import { GET as regionGet } from "@/app/en/api/v1/regions/[id]/route";
import { POST as regionPost, PUT as regionPut } from "@/app/en/api/v1/regions/route";
import { POST as districtPost, PUT as districtPut } from "@/app/en/api/v1/districts/route";
import { GET as locationGet } from "@/app/en/api/v1/locations/[id]/route";
import { GET as locationsGet, POST as locationPost, PUT as locationPut } from "@/app/en/api/v1/locations/route";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeOrgTree, makeRegion, makeTenant, makeUser } from "../support/factories";

/**
 * Tenant A: region R1 > districts D1 (location L1) and D2 (L2). Tenant B: one chain.
 * Users of A: tenant admin, district admin (D1), location admin (L1), teacher (L1).
 */
let A: Awaited<ReturnType<typeof buildA>>;
let B: { tree: Awaited<ReturnType<typeof makeOrgTree>>; token: string };

async function buildA() {
  const tenant = await makeTenant();
  const r1 = await makeRegion(tenant.id, { name: "Central" });
  const d1 = await makeDistrict(tenant.id, r1.id, { name: "Baltimore" });
  const d2 = await makeDistrict(tenant.id, r1.id, { name: "Howard" });
  const l1 = await makeLocation(tenant.id, d1.id, { name: "Elm Street Elementary" });
  const l2 = await makeLocation(tenant.id, d2.id, { name: "Oak Park" });
  const user = (roles: Parameters<typeof makeUser>[1]) => makeUser(tenant.id, roles).then((u) => tokenFor(u));
  return {
    tenant,
    r1,
    d1,
    d2,
    l1,
    l2,
    tenantAdmin: await user({ roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] }),
    districtAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] }),
    locationAdmin: await user({ roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: l1.id, administrative: true }] }),
    teacher: await user({ roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: l1.id }] }),
  };
}

// Each test its own two tenants: the names and unique ids it uses are free unless it takes them.
beforeEach(async () => {
  A = await buildA();
  const tenant = await makeTenant();
  B = { tree: await makeOrgTree(tenant.id), token: await tokenFor(await makeUser(tenant.id, { roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] })) };
});

const auditOf = (entityType: string, entityId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, A.tenant.id), eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));
const countOf = async (table: typeof regions | typeof districts | typeof locations) =>
  (await db().select({ id: table.id }).from(table).where(eq(table.tenantId, A.tenant.id))).length;

describe("POST and PUT /regions", () => {
  it("creates a region with the spec's keys, audited, and reads it back", async () => {
    const res = await call(regionPost, "POST", "/x", { token: A.tenantAdmin, body: { nameLabel: "  Northern ", uniqueId: "R-N" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      region: { id: expect.any(Number), nameLabel: "Northern", parentTenantId: A.tenant.id, parentId: A.tenant.id, uniqueId: "R-N", active: true },
    });
    const id = res.body.region.id;
    const [row] = await auditOf("region", id);
    expect(row).toMatchObject({ action: "create", details: { after: { nameLabel: "Northern", uniqueId: "R-N" } } });
    const read = await call(regionGet, "GET", "/x", { token: A.tenantAdmin, params: { id: String(id) } });
    expect(read.body.region.nameLabel).toBe("Northern");
  });

  it("validates with field messages and writes nothing", async () => {
    const before = await countOf(regions);
    const blank = await call(regionPost, "POST", "/x", { token: A.tenantAdmin, body: { nameLabel: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: "nameLabel", message: "Name is required" }]);
    const long = await call(regionPost, "POST", "/x", { token: A.tenantAdmin, body: { nameLabel: "x", uniqueId: "u".repeat(51) } });
    expect(long.body.errors).toEqual([{ field: "uniqueId", message: "Unique ID must be 50 characters or fewer" }]);
    const empty = await call(regionPut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.r1.id } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Name at least one field to change");
    expect(await countOf(regions)).toBe(before);
  });

  it("refuses a duplicate unique id or name with 409 and a clear message", async () => {
    await call(regionPost, "POST", "/x", { token: A.tenantAdmin, body: { nameLabel: "Eastern", uniqueId: "R-E" } });
    const before = await countOf(regions);
    const dupId = await call(regionPost, "POST", "/x", { token: A.tenantAdmin, body: { nameLabel: "Other", uniqueId: "R-E" } });
    expect(dupId.status).toBe(409);
    expect(dupId.body).toEqual({
      message: "Unique ID R-E is already used by another region",
      errors: [{ field: "uniqueId", message: "Unique ID R-E is already used by another region" }],
    });
    const dupName = await call(regionPost, "POST", "/x", { token: A.tenantAdmin, body: { nameLabel: "eastern" } });
    expect(dupName.status).toBe(409);
    expect(dupName.body.message).toBe("A region named eastern already exists in this state");
    expect(await countOf(regions)).toBe(before);
    // Another tenant may use the same code.
    const other = await call(regionPost, "POST", "/x", { token: B.token, body: { nameLabel: "Eastern", uniqueId: "R-E" } });
    expect(other.status).toBe(200);
  });

  it("lets only tenant admins create regions (403), and answers 404 for a region out of reach", async () => {
    const district = await call(regionPost, "POST", "/x", { token: A.districtAdmin, body: { nameLabel: "Mine" } });
    expect(district.status).toBe(403);
    const teacher = await call(regionPut, "PUT", "/x", { token: A.teacher, body: { id: A.r1.id, nameLabel: "Mine" } });
    expect(teacher.status).toBe(403);
    expect(teacher.body.message).toBe("Token does not have the required permissions");
    const notAdmin = await call(regionPut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.r1.id, nameLabel: "Mine" } });
    expect(notAdmin.status).toBe(404);
    const foreign = await call(regionPut, "PUT", "/x", { token: B.token, body: { id: A.r1.id, nameLabel: "Mine" } });
    expect(foreign.status).toBe(404);
    const [r1] = await db().select().from(regions).where(eq(regions.id, A.r1.id));
    expect(r1.name).toBe("Central");
  });

  it("refuses to delete a region with active districts", async () => {
    const res = await call(regionPut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.r1.id, active: false } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("This region still has active districts; delete them first");
    expect(await auditOf("region", A.r1.id)).toEqual([]);
  });
});

describe("POST and PUT /districts", () => {
  it("creates a district under a region, edits it with before and after in the audit row", async () => {
    const res = await call(districtPost, "POST", "/x", {
      token: A.tenantAdmin,
      body: { parentRegionId: A.r1.id, nameLabel: "Carroll", isCensus: true, uniqueId: "D-C" },
    });
    expect(res.status).toBe(200);
    expect(res.body.district).toEqual({
      id: expect.any(Number),
      nameLabel: "Carroll",
      parentTenantId: A.tenant.id,
      parentId: A.r1.id,
      uniqueId: "D-C",
      isCensus: true,
      active: true,
    });
    const id = res.body.district.id;
    const edit = await call(districtPut, "PUT", "/x", { token: A.tenantAdmin, body: { id, nameLabel: "Carroll County", isCensus: true } });
    expect(edit.body.district).toMatchObject({ nameLabel: "Carroll County", isCensus: true, uniqueId: "D-C" });
    const rows = await auditOf("district", id);
    expect(rows.map((r) => r.action).sort()).toEqual(["create", "update"]);
    expect(rows.find((r) => r.action === "update")?.details).toEqual({
      fields: ["nameLabel"],
      before: { nameLabel: "Carroll" },
      after: { nameLabel: "Carroll County" },
    });
    const deleted = await call(districtPut, "PUT", "/x", { token: A.tenantAdmin, body: { id, active: false } });
    expect(deleted.body.district.active).toBe(false);
    expect((await auditOf("district", id)).some((r) => r.action === "delete")).toBe(true);
  });

  it("lets a district admin edit their own district only; other districts and tenants are 404", async () => {
    const own = await call(districtPut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.d1.id, uniqueId: "D1-NEW" } });
    expect(own.status).toBe(200);
    const sibling = await call(districtPut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.d2.id, nameLabel: "Taken" } });
    expect(sibling.status).toBe(404);
    const create = await call(districtPost, "POST", "/x", { token: A.districtAdmin, body: { parentRegionId: A.r1.id, nameLabel: "New" } });
    expect(create.status).toBe(404);
    const foreign = await call(districtPost, "POST", "/x", { token: B.token, body: { parentRegionId: A.r1.id, nameLabel: "New" } });
    expect(foreign.status).toBe(404);
    const location = await call(districtPut, "PUT", "/x", { token: A.locationAdmin, body: { id: A.d1.id, nameLabel: "Mine" } });
    expect(location.status).toBe(404);
  });

  it("refuses a duplicate unique id on edit", async () => {
    expect((await call(districtPut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.d1.id, uniqueId: "D1-NEW" } })).status).toBe(200);
    const res = await call(districtPut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.d2.id, uniqueId: "D1-NEW" } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Unique ID D1-NEW is already used by another district");
  });
});

describe("POST and PUT /locations", () => {
  it("creates, edits and soft-deletes a location; lists with active=1 leave it out", async () => {
    const res = await call(locationPost, "POST", "/x", { token: A.districtAdmin, body: { parentDistrictId: A.d1.id, nameLabel: "Maple Pre-K" } });
    expect(res.status).toBe(200);
    expect(res.body.location).toEqual({
      id: expect.any(Number),
      nameLabel: "Maple Pre-K",
      parentTenantId: A.tenant.id,
      parentId: A.d1.id,
      uniqueId: null,
      active: true,
    });
    const id = res.body.location.id;
    const dup = await call(locationPost, "POST", "/x", { token: A.districtAdmin, body: { parentDistrictId: A.d1.id, nameLabel: "maple pre-k" } });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe("A location named maple pre-k already exists in this district");
    const edit = await call(locationPut, "PUT", "/x", { token: A.districtAdmin, body: { id, uniqueId: "L-M" } });
    expect(edit.body.location.uniqueId).toBe("L-M");
    const del = await call(locationPut, "PUT", "/x", { token: A.districtAdmin, body: { id, active: false } });
    expect(del.status).toBe(200);
    expect(del.body.location.active).toBe(false);
    const list = await call(locationsGet, "GET", "/x", { token: A.districtAdmin, query: { parentId: A.d1.id, active: 1 } });
    expect(list.body.locations.map((l: { id: number }) => l.id)).toEqual([A.l1.id]);
    const actions = (await auditOf("location", id)).map((r) => r.action).sort();
    expect(actions).toEqual(["create", "delete", "update"]);
    // The name is free again once the location is deleted.
    const again = await call(locationPost, "POST", "/x", { token: A.districtAdmin, body: { parentDistrictId: A.d1.id, nameLabel: "Maple Pre-K" } });
    expect(again.status).toBe(200);
  });

  it("scopes location changes: a location admin their own, nothing in another district or tenant", async () => {
    const own = await call(locationPut, "PUT", "/x", { token: A.locationAdmin, body: { id: A.l1.id, nameLabel: "Elm Street School" } });
    expect(own.status).toBe(200);
    const create = await call(locationPost, "POST", "/x", { token: A.locationAdmin, body: { parentDistrictId: A.d1.id, nameLabel: "More" } });
    expect(create.status).toBe(404);
    expect(create.body.message).toBe("District not found");
    const otherDistrict = await call(locationPut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.l2.id, active: false } });
    expect(otherDistrict.status).toBe(404);
    const otherCreate = await call(locationPost, "POST", "/x", { token: A.districtAdmin, body: { parentDistrictId: A.d2.id, nameLabel: "More" } });
    expect(otherCreate.status).toBe(404);
    const foreign = await call(locationPut, "PUT", "/x", { token: B.token, body: { id: A.l1.id, active: false } });
    expect(foreign.status).toBe(404);
    const read = await call(locationGet, "GET", "/x", { token: B.token, params: { id: String(A.l1.id) } });
    expect(read.status).toBe(404);
    const teacher = await call(locationPost, "POST", "/x", { token: A.teacher, body: { parentDistrictId: A.d1.id, nameLabel: "More" } });
    expect(teacher.status).toBe(403);
    const [l2] = await db().select().from(locations).where(eq(locations.id, A.l2.id));
    expect(l2.active).toBe(true);
  });

  it("lets only the parent's administration delete: not a district admin their district, nor a location admin their location", async () => {
    const district = await call(districtPut, "PUT", "/x", { token: A.districtAdmin, body: { id: A.d1.id, active: false } });
    expect(district.status).toBe(403);
    const location = await call(locationPut, "PUT", "/x", { token: A.locationAdmin, body: { id: A.l1.id, active: false } });
    expect(location.status).toBe(403);
    const [l1] = await db().select().from(locations).where(eq(locations.id, A.l1.id));
    const [d1] = await db().select().from(districts).where(eq(districts.id, A.d1.id));
    expect([l1.active, d1.active]).toEqual([true, true]);
  });

  it("validates the parent and name", async () => {
    const res = await call(locationPost, "POST", "/x", { token: A.tenantAdmin, body: { parentDistrictId: "abc", nameLabel: "" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["nameLabel", "parentDistrictId"]);
  });

  it("writes nothing and no audit row when a change is refused part way", async () => {
    const before = (await db().select().from(auditLog).where(eq(auditLog.tenantId, A.tenant.id))).length;
    // A rename together with a refused delete: neither is kept.
    const res = await call(regionPut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.r1.id, nameLabel: "Renamed", active: false } });
    expect(res.status).toBe(409);
    const invalid = await call(locationPut, "PUT", "/x", { token: A.tenantAdmin, body: { id: A.l1.id, uniqueId: "L-X", nameLabel: "" } });
    expect(invalid.status).toBe(400);
    const [r1] = await db().select().from(regions).where(eq(regions.id, A.r1.id));
    expect([r1.name, r1.active]).toEqual(["Central", true]);
    const [l1] = await db().select().from(locations).where(eq(locations.id, A.l1.id));
    expect(l1.uniqueId).not.toBe("L-X");
    expect((await db().select().from(auditLog).where(eq(auditLog.tenantId, A.tenant.id))).length).toBe(before);
  });
});
