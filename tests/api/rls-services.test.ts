import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, requireTenantContext } from "@/db/client";
import { announcements, notifications } from "@/db/schema";
import { listAssessments } from "@/lib/assessments/queries";
import { brandingForHost, searchTenant } from "@/lib/auth/tenants";
import { administratorDashboard } from "@/lib/dashboards/administrator";
import { systemDashboard } from "@/lib/dashboards/system";
import { currentAnnouncements, teacherDashboard } from "@/lib/dashboards/teacher";
import { listRaceCodes, listTenantFields } from "@/lib/lookups/queries";
import { recentNotifications, unreadNotificationCount } from "@/lib/notifications/unread";
import { getDistrict, listDistricts, listLocations, listRegions } from "@/lib/organisations/queries";
import { listUserOrganizations } from "@/lib/organisations/user-organizations";
import { actorForSession, actorFromHeaders, type Actor } from "@/lib/platform/actor";
import { decodeToken } from "@/lib/platform/session-token";
import { listSchoolYears } from "@/lib/school-years/queries";
import { shellModel } from "@/lib/shell/model";
import { tokenFor } from "../support/api";
import { makeAssessment as makeOwnAssessment, makeTenant, makeTenantField, makeUser } from "../support/factories";
import { actorOf, assign, makeAssessment, makeCollection, makeEnrollment, makeOrgTree, makeSchoolYear, score } from "../support/school-fixtures";
import { binding } from "../support/tenancy-binding";

/**
 * The read services run under the database's tenancy (forTenant / withTenant), not only under their
 * own WHERE filters. `binding.tenantId` lets a test bind the transaction to one tenant while the
 * service's filters name another, as a service that forgot or mistook its tenant filter would.
 */
vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)));

const DAY = 86_400_000;

async function side(shared: { assessmentId: number; itemIds: number[]; entryId: number; schoolYearId: number }) {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const collection = await makeCollection(tenant.id, {
    assessmentId: shared.assessmentId,
    schoolYearId: shared.schoolYearId,
    itemIds: shared.itemIds,
    districtId: tree.district.id,
  });
  const { enrollment } = await makeEnrollment(
    tenant.id,
    { regionId: tree.region.id, districtId: tree.district.id, locationId: tree.location.id },
    { teacherId: teacher.id },
  );
  await assign(tenant.id, collection.id, [enrollment.id]);
  await score(tenant.id, collection.id, enrollment.id, shared.itemIds.slice(0, 1), shared.entryId);
  const field = await makeTenantField(tenant.id);
  const own = await makeOwnAssessment({ tenantId: tenant.id });
  await db()
    .insert(notifications)
    .values({ tenantId: tenant.id, userId: teacher.id, message: `For ${tenant.slug}` });
  await db()
    .insert(announcements)
    .values({ tenantId: tenant.id, title: `News of ${tenant.slug}`, text: "t", startDate: new Date(Date.now() - DAY), endDate: new Date(Date.now() + DAY) });
  const teacherToken = await tokenFor(teacher);
  return {
    tenant,
    tree,
    collection,
    field,
    own,
    teacherToken,
    teacher: await actorOf(teacher),
    admin: await actorOf(admin),
  };
}

let a: Awaited<ReturnType<typeof side>>;
let b: Awaited<ReturnType<typeof side>>;
let sharedAssessmentId: number;

beforeAll(async () => {
  const year = await makeSchoolYear(new Date(Date.now() - 60 * DAY), new Date(Date.now() + 200 * DAY));
  const { assessment, items, entry } = await makeAssessment(2);
  sharedAssessmentId = assessment.id;
  const shared = { assessmentId: assessment.id, itemIds: items.map((i) => i.id), entryId: entry.id, schoolYearId: year.id };
  a = await side(shared);
  b = await side(shared);
});

afterEach(() => {
  binding.tenantId = null;
  requireTenantContext(false);
});

const ids = (list: { id: number }[]) => list.map((r) => r.id);

/** What each bound service shows of one side's own rows, as comparable values. */
const reads: [string, (s: typeof a) => Promise<unknown>][] = [
  ["session lookup", async (s) => (await actorForSession((await decodeToken(s.teacherToken))!, "internal"))?.userId ?? null],
  [
    "teacher dashboard",
    async (s) => {
      const d = await teacherDashboard(s.teacher);
      return { collections: ids(d.collections), students: d.rosteredStudents, announcements: d.announcements.map((n) => n.title) };
    },
  ],
  [
    "administrator dashboard",
    async (s) => {
      const d = await administratorDashboard(s.admin);
      return { collections: ids(d.collections), regions: d.regions, locations: d.locations, students: d.students, teachers: d.teachers };
    },
  ],
  ["regions", async (s) => ids(await listRegions(s.admin, {}))],
  ["districts", async (s) => ids(await listDistricts(s.admin, {}))],
  ["one district", async (s) => (await getDistrict(s.admin, s.tree.district.id).catch((e: { status?: number }) => ({ id: e.status }))).id],
  ["locations", async (s) => ids(await listLocations(s.admin, {}))],
  [
    "a user's organisation links",
    async (s) => (await listUserOrganizations(s.admin, s.teacher.userId).catch((e: { status?: number }) => [{ id: e.status }])).map((o) => o.id),
  ],
  ["tenant fields", async (s) => ids(await listTenantFields(s.admin, {}))],
  ["school years' collections", async (s) => (await listSchoolYears(s.admin)).flatMap((y) => ids(y.dataCollections))],
  ["own assessments", async (s) => ids(await listAssessments(s.admin)).filter((id) => id !== sharedAssessmentId)],
  ["announcements", async (s) => (await currentAnnouncements(s.teacher, new Date())).map((n) => n.title)],
  ["notifications", async (s) => ({ unread: await unreadNotificationCount(s.teacher), recent: (await recentNotifications(s.teacher)).map((n) => n.message) })],
  [
    "header",
    async (s) => {
      const m = await shellModel(s.teacher, "teacher");
      return { name: m.fullName, unread: m.unreadCount };
    },
  ],
];

/** The same reads when the database shows nothing of the side's tenant. */
const nothing: Record<string, unknown> = {
  "session lookup": null,
  "teacher dashboard": { collections: [], students: 0, announcements: [] },
  "administrator dashboard": { collections: [], regions: 0, locations: 0, students: 0, teachers: 0 },
  regions: [],
  districts: [],
  "one district": 404,
  locations: [],
  "a user's organisation links": [404],
  "tenant fields": [],
  "school years' collections": [],
  "own assessments": [],
  announcements: [],
  notifications: { unread: 0, recent: [] },
  header: { name: "", unread: 0 },
};

describe("bound read services, with db() outside a tenant or system context refused", () => {
  beforeEach(() => requireTenantContext(true));

  it.each(reads)("%s answers each tenant its own rows, none of the other's", async (name, read) => {
    const ofA = await read(a);
    const ofB = await read(b);
    expect(ofA).not.toEqual(nothing[name]);
    expect(ofB).not.toEqual(nothing[name]);
    expect(ofA).not.toEqual(ofB);
  });

  it("the session lookup resolves a bearer token to its actor under the token's tenant", async () => {
    const actor = (await actorFromHeaders(new Headers({ authorization: `Bearer ${b.teacherToken}` })))!;
    expect(actor).toMatchObject({ userId: b.teacher.userId, tenantId: b.tenant.id, roles: ["ROLE_TEACHER"], via: "bearer" });
    expect(actor.orgs).toEqual([{ orgType: "location", id: b.tree.location.id, administrative: false }]);
  });

  it("a global lookup answers under the tenant too (race codes carry no tenant)", async () => {
    expect(await listRaceCodes(b.admin)).toEqual(await listRaceCodes(a.admin));
    expect(await listRaceCodes(a.admin)).toHaveLength(10);
  });

  it("the explicit system paths read across tenants: the system dashboard and the host's tenant", async () => {
    const system = { ...a.admin, roles: ["ROLE_SYSTEM_ADMIN" as const] } satisfies Actor;
    const d = await systemDashboard(system);
    expect(d.tenants.map((t) => t.id)).toEqual(expect.arrayContaining([a.tenant.id, b.tenant.id]));
    expect((await brandingForHost(`${b.tenant.slug}.example.org`)).id).toBe(b.tenant.id);
    expect((await searchTenant(a.tenant.slug)).id).toBe(a.tenant.id);
  });
});

describe("bound to tenant A, a service whose own filter names tenant B", () => {
  it.each(reads)("%s returns nothing of B", async (name, read) => {
    const unbound = await read(b);
    expect(unbound).not.toEqual(nothing[name]);
    binding.tenantId = a.tenant.id;
    expect(await read(b)).toEqual(nothing[name]);
  });
});
