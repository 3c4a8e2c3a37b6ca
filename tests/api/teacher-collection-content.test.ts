import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as hierarchyGet } from "@/app/en/api/v1/data-collections/[id]/hierarchy-items/route";
import { GET as itemsGet } from "@/app/en/api/v1/data-collections/[id]/items/route";
import { GET as scalesGet } from "@/app/en/api/v1/data-collections/[id]/scales/route";
import { GET as setsGet } from "@/app/en/api/v1/data-collections/[id]/sets/route";
import { db } from "@/db/client";
import {
  assessmentHierarchyItems,
  dataCollectionItems,
  dataCollectionLocationAssignments,
  dataCollectionSetItems,
  dataCollectionSets,
  scaleEntries,
} from "@/db/schema";
import {
  listTeacherCollectionHierarchyItems,
  listTeacherCollectionItems,
  listTeacherCollectionScales,
  listTeacherCollectionSets,
} from "@/lib/collections/content";
import { call, tokenFor } from "../support/api";
import { makeTenant, makeUser } from "../support/factories";
import { actorOf, makeAssessment, makeCollection, makeLocation, makeOrgTree, makeSchoolYear } from "../support/school-fixtures";
import { binding } from "../support/tenancy-binding";

/** As in teacher-collections: bind the service's transaction to another tenant than its filters name. */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

const DAY = 86_400_000;
type Handler = typeof itemsGet;

async function world(shared: { assessmentId: number; itemIds: number[]; schoolYearId: number }) {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const otherLocation = await makeLocation(tenant.id, tree.district.id);
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const atLocation = async (locationId: number) => {
    const c = await makeCollection(tenant.id, shared);
    await db().insert(dataCollectionLocationAssignments).values({ tenantId: tenant.id, dataCollectionId: c.id, locationId });
    return c;
  };
  const own = await atLocation(tree.location.id);
  const elsewhere = await atLocation(otherLocation.id);
  const unassigned = await makeCollection(tenant.id, shared);
  return {
    tenant,
    own,
    elsewhere,
    unassigned,
    teacherToken: await tokenFor(teacher),
    adminToken: await tokenFor(admin),
    teacher: await actorOf(teacher),
    admin: await actorOf(admin),
  };
}

let a: Awaited<ReturnType<typeof world>>;
let b: Awaited<ReturnType<typeof world>>;
let fixture: Awaited<ReturnType<typeof makeAssessment>>;
let domainId: number;
let strandId: number;
let setId: number;
let nEntryId: number;

beforeAll(async () => {
  const year = await makeSchoolYear(new Date(Date.now() - 60 * DAY), new Date(Date.now() + 200 * DAY));
  fixture = await makeAssessment(2);
  const shared = { assessmentId: fixture.assessment.id, itemIds: fixture.items.map((i) => i.id).reverse(), schoolYearId: year.id };
  a = await world(shared);
  b = await world(shared);
  const [domain] = await db().insert(assessmentHierarchyItems).values({ assessmentId: fixture.assessment.id, code: "LL", label: "Language" }).returning();
  domainId = domain.id;
  const [strand] = await db()
    .insert(assessmentHierarchyItems)
    .values({ assessmentId: fixture.assessment.id, parentId: domain.id, code: "LL.1", label: "Listening", sortOrder: 1 })
    .returning();
  strandId = strand.id;
  const [n] = await db()
    .insert(scaleEntries)
    .values({ scaleId: fixture.entry.scaleId, code: "N", label: "Not observed", color: "#999", sortOrder: 1 })
    .returning();
  nEntryId = n.id;
  await db()
    .update(dataCollectionItems)
    .set({ hierarchyItemId: domain.id, materials: "Counting bears" })
    .where(and(eq(dataCollectionItems.dataCollectionId, a.own.id), eq(dataCollectionItems.assessmentItemId, fixture.items[1].id)));
  const [set] = await db().insert(dataCollectionSets).values({ tenantId: a.tenant.id, dataCollectionId: a.own.id, label: "Set 1" }).returning();
  setId = set.id;
  await db().insert(dataCollectionSetItems).values({ tenantId: a.tenant.id, setId: set.id, assessmentItemId: fixture.items[1].id, code: "S1", priority: 2 });
});

afterEach(() => {
  binding.tenantId = null;
});

const get = (handler: Handler, path: string, token: string, id: string | number) =>
  call(handler, "GET", `/en/api/v1/data-collections/${id}/${path}`, { token, params: { id: String(id) } });

describe("GET /data-collections/{id}/items", () => {
  it("answers the collection's items in its order under assessmentItems, with the collection's domain, scale, set and materials", async () => {
    const res = await get(itemsGet, "items", a.teacherToken, a.own.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["assessmentItems"]);
    const [second, first] = fixture.items;
    expect(res.body.assessmentItems).toEqual([
      {
        id: first.id,
        code: first.code,
        label: first.label,
        description: null,
        itemType: null,
        sortOrder: 0,
        assessment_item_heirarchy_id: domainId,
        parentScalesDirectoryId: fixture.entry.scaleId,
        parentDataCollectionsSetId: setId,
        materials: "Counting bears",
      },
      {
        id: second.id,
        code: second.code,
        label: second.label,
        description: null,
        itemType: null,
        sortOrder: 1,
        assessment_item_heirarchy_id: null,
        parentScalesDirectoryId: fixture.entry.scaleId,
        parentDataCollectionsSetId: null,
        materials: null,
      },
    ]);
  });
});

describe("GET /data-collections/{id}/scales", () => {
  it("answers the assessment's scales with their entries in order under scales", async () => {
    const res = await get(scalesGet, "scales", a.teacherToken, a.own.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["scales"]);
    expect(res.body.scales).toEqual([
      {
        id: fixture.entry.scaleId,
        code: "AD",
        label: "A-D",
        entries: [
          { id: fixture.entry.id, code: "A", label: "A", score: 1, color: null, sortOrder: 0 },
          { id: nEntryId, code: "N", label: "Not observed", score: null, color: "#999", sortOrder: 1 },
        ],
      },
    ]);
  });
});

describe("GET /data-collections/{id}/hierarchy-items", () => {
  it("answers the assessment's domain tree by sort order under hierarchyItems", async () => {
    const res = await get(hierarchyGet, "hierarchy-items", a.teacherToken, a.own.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["hierarchyItems"]);
    expect(res.body.hierarchyItems).toEqual([
      { id: domainId, parentId: null, code: "LL", label: "Language", description: null, sortOrder: 0 },
      { id: strandId, parentId: domainId, code: "LL.1", label: "Listening", description: null, sortOrder: 1 },
    ]);
  });
});

describe("GET /data-collections/{id}/sets", () => {
  it("answers the collection's sets with their items under dataCollectionsSets; a collection without sets answers none", async () => {
    const res = await get(setsGet, "sets", a.teacherToken, a.own.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["dataCollectionsSets"]);
    expect(res.body.dataCollectionsSets).toEqual([
      {
        id: setId,
        label: "Set 1",
        code: null,
        priority: 0,
        parentDataCollectionId: a.own.id,
        setItems: [{ parentAssessmentItemId: fixture.items[1].id, label: null, code: "S1", priority: 2 }],
      },
    ]);
    expect((await get(setsGet, "sets", b.teacherToken, b.own.id)).body).toEqual({ dataCollectionsSets: [] });
  });
});

describe.each([
  ["items", itemsGet],
  ["scales", scalesGet],
  ["hierarchy-items", hierarchyGet],
  ["sets", setsGet],
] as const)("GET /data-collections/{id}/%s refuses", (path, handler) => {
  it("another tenant's, another location's or an unassigned collection (404)", async () => {
    for (const id of [b.own.id, a.elsewhere.id, a.unassigned.id]) {
      const res = await get(handler, path, a.teacherToken, id);
      expect(res.status, `collection ${id}`).toBe(404);
      expect(res.body).toEqual({ message: "Not found" });
    }
  });

  it("a role without the permission (403), a bad id (400) and no token (401)", async () => {
    expect((await get(handler, path, a.adminToken, a.own.id)).status).toBe(403);
    for (const id of ["abc", "0", "-1"]) {
      const res = await get(handler, path, a.teacherToken, id);
      expect(res.status, id).toBe(400);
      expect(res.body.errors[0].field).toBe("id");
    }
    expect((await call(handler, "GET", "/x", { params: { id: String(a.own.id) } })).status).toBe(401);
  });
});

describe("the services", () => {
  it("refuse a caller without the permission themselves (403)", async () => {
    await expect(listTeacherCollectionItems(a.admin, a.own.id)).rejects.toMatchObject({ status: 403 });
    await expect(listTeacherCollectionScales(a.admin, a.own.id)).rejects.toMatchObject({ status: 403 });
    await expect(listTeacherCollectionHierarchyItems(a.admin, a.own.id)).rejects.toMatchObject({ status: 403 });
    await expect(listTeacherCollectionSets(a.admin, a.own.id)).rejects.toMatchObject({ status: 403 });
  });
});

describe("bound to tenant A, the services asked for tenant B's teacher", () => {
  it("find none of B's collections", async () => {
    expect((await listTeacherCollectionItems(b.teacher, b.own.id)).map((i) => i.id)).toEqual(fixture.items.map((i) => i.id).reverse());
    binding.tenantId = a.tenant.id;
    for (const service of [listTeacherCollectionItems, listTeacherCollectionScales, listTeacherCollectionHierarchyItems, listTeacherCollectionSets]) {
      await expect(service(b.teacher, b.own.id)).rejects.toMatchObject({ status: 404 });
    }
  });
});
