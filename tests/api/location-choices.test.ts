import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/en/api/v1/location-choices/route";
import { locationChoices, pickerStart } from "@/lib/organisations/location-choices";
import { MESSAGES } from "@/lib/platform/errors";
import { call, tokenFor } from "../support/api";
import { makeDistrict, makeLocation, makeRegion, makeTenant, makeUser } from "../support/factories";
import { actorOf } from "../support/school-fixtures";

/**
 * The Region → District → Location picker's levels (platform.md §5). Tenant A: region North >
 * district Bay (Bay School, Cove School, Shut School inactive) and district Hill (Hill School);
 * region South > district Dune (Dune School) and district Gone (inactive, no schools). Tenant B: the same.
 */
let A: Awaited<ReturnType<typeof build>>;
let B: Awaited<ReturnType<typeof build>>;

async function build() {
  const tenant = await makeTenant();
  const t = tenant.id;
  const north = await makeRegion(t, { name: "North" });
  const south = await makeRegion(t, { name: "South" });
  const bay = await makeDistrict(t, north.id, { name: "Bay" });
  const hill = await makeDistrict(t, north.id, { name: "Hill" });
  const dune = await makeDistrict(t, south.id, { name: "Dune" });
  await makeDistrict(t, south.id, { name: "Gone", active: false });
  const baySchool = await makeLocation(t, bay.id, { name: "Bay School" });
  const cove = await makeLocation(t, bay.id, { name: "Cove School" });
  await makeLocation(t, bay.id, { name: "Shut School", active: false });
  const hillSchool = await makeLocation(t, hill.id, { name: "Hill School" });
  const duneSchool = await makeLocation(t, dune.id, { name: "Dune School" });
  const tenantAdmin = await actorOf(await makeUser(t, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
  const regionAdmin = await actorOf(await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "region", id: north.id, administrative: true }] }));
  const districtAdmin = await actorOf(await makeUser(t, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: bay.id, administrative: true }] }));
  // Administers Cove School, is only a member of Hill School: Hill is no choice to enroll at.
  const schoolAdmin = await actorOf(
    await makeUser(t, {
      roles: ["ROLE_ADMIN"],
      orgs: [
        { orgType: "location", id: cove.id, administrative: true },
        { orgType: "location", id: hillSchool.id },
      ],
    }),
  );
  const teacher = await actorOf(await makeUser(t, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: baySchool.id }] }));
  return { north, south, bay, hill, dune, baySchool, cove, hillSchool, duneSchool, tenantAdmin, regionAdmin, districtAdmin, schoolAdmin, teacher };
}

beforeAll(async () => {
  A = await build();
  B = await build();
});

const names = (list: { name: string }[]) => list.map((c) => c.name);

describe("the location picker's levels", () => {
  it("a tenant admin starts at the regions and goes down one level at a time, active locations only", async () => {
    const start = await pickerStart(A.tenantAdmin, "enroll");
    expect(start).toEqual({
      regions: [
        { id: A.north.id, name: "North" },
        { id: A.south.id, name: "South" },
      ],
      districts: [],
      locations: [],
      regionId: null,
      districtId: null,
      locationId: null,
    });
    expect(names(await locationChoices(A.tenantAdmin, { purpose: "enroll", level: "districts", parentId: A.north.id }))).toEqual(["Bay", "Hill"]);
    expect(names(await locationChoices(A.tenantAdmin, { purpose: "enroll", level: "locations", parentId: A.bay.id }))).toEqual(["Bay School", "Cove School"]);
  });

  it("a district admin arrives with their region and district chosen, at their district's locations", async () => {
    const start = await pickerStart(A.districtAdmin, "enroll");
    expect(start).toMatchObject({ regionId: A.north.id, districtId: A.bay.id, locationId: null });
    expect(names(start.regions)).toEqual(["North"]);
    expect(names(start.districts)).toEqual(["Bay"]);
    expect(names(start.locations)).toEqual(["Bay School", "Cove School"]);
    expect(await locationChoices(A.districtAdmin, { purpose: "enroll", level: "locations", parentId: A.hill.id })).toEqual([]);
    expect(await locationChoices(A.districtAdmin, { purpose: "enroll", level: "districts", parentId: A.south.id })).toEqual([]);
  });

  it("enrolling offers the locations one administers, not those one is only a member of; every level is chosen when one remains", async () => {
    const start = await pickerStart(A.schoolAdmin, "enroll");
    expect(start).toMatchObject({ regionId: A.north.id, districtId: A.bay.id, locationId: A.cove.id, locations: [{ id: A.cove.id, name: "Cove School" }] });
    expect(await locationChoices(A.schoolAdmin, { purpose: "enroll", level: "locations", parentId: A.hill.id })).toEqual([]);
  });

  it("a transfer may go to any active location of the tenant, beyond the admin's own district", async () => {
    const start = await pickerStart(A.districtAdmin, "transfer");
    expect(names(start.regions)).toEqual(["North", "South"]);
    expect(start.regionId).toBeNull();
    expect(names(await locationChoices(A.districtAdmin, { purpose: "transfer", level: "locations", parentId: A.dune.id }))).toEqual(["Dune School"]);
  });

  it("assigning a collection stops the picker at the level assigned: the active regions and districts one administers", async () => {
    expect(names((await pickerStart(A.tenantAdmin, "assign", "region")).regions)).toEqual(["North", "South"]);
    expect(names(await locationChoices(A.tenantAdmin, { purpose: "assign", level: "districts", parentId: A.south.id, depth: "district" }))).toEqual(["Dune"]);
    // A region admin assigns their region or any of its districts, nothing of another region.
    expect(await pickerStart(A.regionAdmin, "assign", "region")).toEqual({
      regions: [{ id: A.north.id, name: "North" }],
      districts: [],
      locations: [],
      regionId: A.north.id,
      districtId: null,
      locationId: null,
    });
    const districts = await pickerStart(A.regionAdmin, "assign", "district");
    expect(districts).toMatchObject({ regionId: A.north.id, districtId: null, locations: [] });
    expect(names(districts.districts)).toEqual(["Bay", "Hill"]);
    expect(await locationChoices(A.regionAdmin, { purpose: "assign", level: "districts", parentId: A.south.id, depth: "district" })).toEqual([]);
    // A district admin has no region to assign, and arrives at their district chosen; nothing lies below the depth.
    expect((await pickerStart(A.districtAdmin, "assign", "region")).regions).toEqual([]);
    expect(await pickerStart(A.districtAdmin, "assign", "district")).toEqual({
      regions: [{ id: A.north.id, name: "North" }],
      districts: [{ id: A.bay.id, name: "Bay" }],
      locations: [],
      regionId: A.north.id,
      districtId: A.bay.id,
      locationId: null,
    });
    expect(await locationChoices(A.districtAdmin, { purpose: "assign", level: "locations", parentId: A.bay.id, depth: "district" })).toEqual([]);
  });

  it("assigning or field-testing a location offers the active locations one administers, not those one is only a member of", async () => {
    expect(await pickerStart(A.schoolAdmin, "assign", "district")).toMatchObject({ regions: [], regionId: null });
    expect(await pickerStart(A.schoolAdmin, "assign")).toMatchObject({
      regionId: A.north.id,
      districtId: A.bay.id,
      locationId: A.cove.id,
      locations: [{ id: A.cove.id, name: "Cove School" }],
    });
    expect(await locationChoices(A.schoolAdmin, { purpose: "assign", level: "locations", parentId: A.hill.id })).toEqual([]);
    expect(names(await locationChoices(A.regionAdmin, { purpose: "assign", level: "locations", parentId: A.bay.id }))).toEqual(["Bay School", "Cove School"]);
  });

  it("another tenant's region or district lists nothing, and a teacher is refused", async () => {
    expect(await locationChoices(A.tenantAdmin, { purpose: "transfer", level: "districts", parentId: B.north.id })).toEqual([]);
    expect(await locationChoices(A.tenantAdmin, { purpose: "enroll", level: "locations", parentId: B.bay.id })).toEqual([]);
    await expect(pickerStart(A.teacher, "enroll")).rejects.toMatchObject({ status: 403 });
    await expect(locationChoices(A.teacher, { purpose: "transfer", level: "districts", parentId: A.north.id })).rejects.toMatchObject({ status: 403 });
    expect(await locationChoices(A.tenantAdmin, { purpose: "assign", level: "districts", parentId: B.north.id, depth: "district" })).toEqual([]);
    await expect(pickerStart(A.teacher, "assign", "region")).rejects.toMatchObject({ status: 403 });
  });
});

describe("GET /location-choices (the picker's call)", () => {
  const choices = (token: string, query: Record<string, string | number>) => call(GET, "GET", "/en/api/v1/location-choices", { token, query });

  it("answers the next level as the picker asks for it, within the tenant", async () => {
    const admin = await tokenFor(await makeUser(A.tenantAdmin.tenantId, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
    const districts = await choices(admin, { purpose: "enroll", level: "districts", parentId: A.north.id });
    expect(districts.status).toBe(200);
    expect(names(districts.body.locationChoices)).toEqual(["Bay", "Hill"]);
    expect(names((await choices(admin, { purpose: "enroll", level: "locations", parentId: A.bay.id })).body.locationChoices)).toEqual([
      "Bay School",
      "Cove School",
    ]);
    expect((await choices(admin, { purpose: "assign", level: "districts", parentId: A.north.id, depth: "district" })).body.locationChoices).toHaveLength(2);
    expect((await choices(admin, { purpose: "enroll", level: "districts", parentId: B.north.id })).body.locationChoices).toEqual([]);
  });

  it("refuses a purpose the role may not use, and a query it cannot read, with the spec's texts", async () => {
    const teacher = await tokenFor(await makeUser(A.tenantAdmin.tenantId, { roles: ["ROLE_TEACHER"] }));
    expect(await choices(teacher, { purpose: "enroll", level: "districts", parentId: A.north.id })).toMatchObject({
      status: 403,
      body: { message: MESSAGES[403] },
    });
    const admin = await tokenFor(await makeUser(A.tenantAdmin.tenantId, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] }));
    const bad = await choices(admin, { purpose: "everything", level: "districts", parentId: "x" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["parentId", "purpose"]);
  });
});
