import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/db/client";
import { and, eq } from "drizzle-orm";
import { announcements, auditLog, notifications } from "@/db/schema";
import { administratorDashboard } from "@/lib/dashboards/administrator";
import { systemDashboard } from "@/lib/dashboards/system";
import { teacherDashboard } from "@/lib/dashboards/teacher";
import { recentNotifications, unreadNotificationCount } from "@/lib/notifications/unread";
import { shellModel } from "@/lib/shell/model";
import { AppError } from "@/lib/platform/errors";
import { makeTenant, makeUser } from "../support/factories";
import { actorOf, assign, makeAssessment, makeCollection, makeEnrollment, makeLocation, makeOrgTree, makeSchoolYear, score } from "../support/school-fixtures";

const DAY = 86_400_000;

async function rejects403(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(403);
  expect((error as AppError).message).toBe("Token does not have the required permissions");
}

/**
 * Tenant A: district D with schools L1 (teachers T and T2) and L2, a second district D2 with school
 * L3 and teacher T3. Open collection C (assigned to D, 4 of the assessment's 5 items), an upcoming
 * collection, a deleted one and one assigned to D2. Tenant B mirrors a little of it.
 */
async function world() {
  const a = await makeTenant({ name: "Tenant A" });
  const b = await makeTenant({ name: "Tenant B" });
  const { region, district, location: l1 } = await makeOrgTree(a.id);
  const l2 = await makeLocation(a.id, district.id);
  await makeLocation(a.id, district.id, false);
  const other = await makeOrgTree(a.id);
  const orgB = await makeOrgTree(b.id);

  const teacher = await makeUser(a.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: l1.id }] });
  const teacher2 = await makeUser(a.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: l1.id }] });
  const teacher3 = await makeUser(a.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: other.location.id }] });
  const districtAdmin = await makeUser(a.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: district.id, administrative: true }] });
  const l2Admin = await makeUser(a.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "location", id: l2.id, administrative: true }] });
  const plainLinkAdmin = await makeUser(a.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: district.id, administrative: false }] });
  const tenantAdmin = await makeUser(a.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const system = await makeUser(a.id, { roles: ["ROLE_SYSTEM_ADMIN"] });
  const teacherB = await makeUser(b.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: orgB.location.id }] });
  const adminB = await makeUser(b.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });

  const year = await makeSchoolYear(new Date(Date.now() - 60 * DAY), new Date(Date.now() + 200 * DAY));
  const { assessment, items, entry } = await makeAssessment(5);
  const collectionItems = items.slice(0, 4).map((i) => i.id);
  const open = await makeCollection(a.id, { assessmentId: assessment.id, schoolYearId: year.id, itemIds: collectionItems, districtId: district.id });
  const upcoming = await makeCollection(a.id, {
    assessmentId: assessment.id,
    schoolYearId: year.id,
    itemIds: collectionItems,
    startOffsetDays: 10,
    endOffsetDays: 40,
    districtId: district.id,
  });
  const deleted = await makeCollection(a.id, {
    assessmentId: assessment.id,
    schoolYearId: year.id,
    itemIds: collectionItems,
    deleted: true,
    districtId: district.id,
  });
  const elsewhere = await makeCollection(a.id, { assessmentId: assessment.id, schoolYearId: year.id, itemIds: collectionItems, districtId: other.district.id });
  const openB = await makeCollection(b.id, { assessmentId: assessment.id, schoolYearId: year.id, itemIds: collectionItems, districtId: orgB.district.id });

  const at = (loc: { id: number; districtId: number }, regionId: number) => ({ regionId, districtId: loc.districtId, locationId: loc.id });
  const s1 = await makeEnrollment(a.id, at(l1, region.id), { teacherId: teacher.id });
  const s2 = await makeEnrollment(a.id, at(l1, region.id), { teacherId: teacher.id });
  const s3 = await makeEnrollment(a.id, at(l1, region.id), { teacherId: teacher.id });
  const s4 = await makeEnrollment(a.id, at(l1, region.id), { teacherId: teacher2.id });
  const gone = await makeEnrollment(a.id, at(l1, region.id), { teacherId: teacher.id, active: false });
  const s6 = await makeEnrollment(a.id, at(other.location, other.region.id), { teacherId: teacher3.id });
  const sB = await makeEnrollment(b.id, at(orgB.location, orgB.region.id), { teacherId: teacherB.id });

  const mine = [s1, s2, s3, gone].map((s) => s.enrollment.id);
  await assign(a.id, open.id, [...mine, s4.enrollment.id]);
  await assign(a.id, upcoming.id, [s1.enrollment.id]);
  await assign(a.id, deleted.id, [s1.enrollment.id]);
  await assign(a.id, elsewhere.id, [s6.enrollment.id]);
  await assign(b.id, openB.id, [sB.enrollment.id]);
  // s1 complete, s2 half, s4 (teacher2) complete; the fifth item is not in the collection.
  await score(a.id, open.id, s1.enrollment.id, collectionItems, entry.id);
  await score(a.id, open.id, s2.enrollment.id, collectionItems.slice(0, 2), entry.id);
  await score(a.id, open.id, s2.enrollment.id, [items[4].id], entry.id);
  await score(a.id, open.id, s4.enrollment.id, collectionItems, entry.id);
  await score(a.id, open.id, gone.enrollment.id, collectionItems, entry.id);
  await score(a.id, elsewhere.id, s6.enrollment.id, collectionItems.slice(0, 1), entry.id);
  await score(b.id, openB.id, sB.enrollment.id, collectionItems, entry.id);

  return {
    a,
    b,
    teacher,
    teacher2,
    teacherB,
    districtAdmin,
    l2Admin,
    plainLinkAdmin,
    tenantAdmin,
    system,
    adminB,
    open,
    upcoming,
    deleted,
    elsewhere,
    openB,
    year,
    assessment,
  };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

describe("teacher dashboard", () => {
  it("lists the teacher's collections with completion = scored / (students × items)", async () => {
    const d = await teacherDashboard(await actorOf(w.teacher));
    expect(d.rosteredStudents).toBe(3);
    expect(d.collections.map((c) => c.id).sort()).toEqual([w.open.id, w.upcoming.id].sort());
    const open = d.collections.find((c) => c.id === w.open.id)!;
    // 3 active students × 4 items = 12 expected; s1 4 + s2 2 = 6 scored (not s2's off-collection item, not the inactive child).
    expect(open).toMatchObject({ status: "Open", family: "KRA", students: 3, items: 4, scored: 6, completion: 50 });
    expect(d.collections.find((c) => c.id === w.upcoming.id)).toMatchObject({ status: "Upcoming", students: 1, scored: 0, completion: 0 });
    expect(d.openCollections).toBe(1);
    expect(d.completion).toBe(50);
  });

  it("counts only the teacher's own students", async () => {
    const d = await teacherDashboard(await actorOf(w.teacher2));
    expect(d.collections).toHaveLength(1);
    expect(d.collections[0]).toMatchObject({ id: w.open.id, students: 1, scored: 4, completion: 100 });
  });

  it("shows another tenant's teacher nothing of tenant A", async () => {
    const d = await teacherDashboard(await actorOf(w.teacherB));
    expect(d.collections.map((c) => c.id)).toEqual([w.openB.id]);
    expect(d.rosteredStudents).toBe(1);
  });

  it("shows the tenant's running announcements only", async () => {
    const now = Date.now();
    await db()
      .insert(announcements)
      .values([
        { tenantId: w.a.id, title: "Window open", text: "Scoring is open", startDate: new Date(now - DAY), endDate: new Date(now + DAY) },
        { tenantId: w.a.id, title: "Past", text: "old", startDate: new Date(now - 9 * DAY), endDate: new Date(now - 8 * DAY) },
        { tenantId: w.b.id, title: "Other tenant", text: "B only", startDate: new Date(now - DAY), endDate: new Date(now + DAY) },
      ]);
    const d = await teacherDashboard(await actorOf(w.teacher));
    expect(d.announcements.map((a) => a.title)).toEqual(["Window open"]);
  });

  it("refuses a person without the teacher role", async () => {
    await rejects403(teacherDashboard(await actorOf(w.districtAdmin)));
  });
});

describe("administrator dashboard", () => {
  it("counts a district admin's organisations, people and collections", async () => {
    const d = await administratorDashboard(await actorOf(w.districtAdmin));
    expect(d).toMatchObject({ tenantWide: false, regions: 1, districts: 1, locations: 2, students: 4, teachers: 2, openCollections: 1 });
    expect(d.collections.map((c) => c.id).sort()).toEqual([w.open.id, w.upcoming.id].sort());
    // 4 active students in scope × 4 items = 16; scored 4 + 2 + 4 = 10.
    expect(d.collections.find((c) => c.id === w.open.id)).toMatchObject({ students: 4, scored: 10, completion: 62.5 });
    expect(d.completion).toBe(62.5);
  });

  it("narrows a location admin to their school, still seeing collections of their district", async () => {
    const d = await administratorDashboard(await actorOf(w.l2Admin));
    expect(d).toMatchObject({ regions: 1, districts: 1, locations: 1, students: 0, teachers: 0, openCollections: 1 });
    expect(d.collections.find((c) => c.id === w.open.id)).toMatchObject({ students: 0, completion: 0 });
  });

  it("gives a tenant admin the whole tenant", async () => {
    const d = await administratorDashboard(await actorOf(w.tenantAdmin));
    expect(d).toMatchObject({ tenantWide: true, regions: 2, districts: 2, locations: 3, students: 5, teachers: 3, openCollections: 2 });
    expect(d.collections.map((c) => c.id)).not.toContain(w.deleted.id);
    expect(d.collections.map((c) => c.id)).not.toContain(w.openB.id);
  });

  it("counts nothing through a link that is not administrative", async () => {
    const d = await administratorDashboard(await actorOf(w.plainLinkAdmin));
    expect(d).toMatchObject({ regions: 0, districts: 0, locations: 0, students: 0, teachers: 0, openCollections: 0, collections: [] });
  });

  it("keeps tenants apart", async () => {
    const d = await administratorDashboard(await actorOf(w.adminB));
    expect(d).toMatchObject({ regions: 1, districts: 1, locations: 1, students: 1, teachers: 1, openCollections: 1 });
    expect(d.collections.map((c) => c.id)).toEqual([w.openB.id]);
  });

  it("refuses a teacher", async () => {
    await rejects403(administratorDashboard(await actorOf(w.teacher)));
  });
});

describe("system dashboard", () => {
  it("lists tenants, assessments and school years across the platform", async () => {
    const d = await systemDashboard(await actorOf(w.system));
    const a = d.tenants.find((t) => t.id === w.a.id)!;
    // The deleted collection is not counted.
    expect(a).toMatchObject({ name: "Tenant A", students: 6, collections: 3 });
    expect(a.users).toBeGreaterThanOrEqual(8);
    expect(d.tenants.find((t) => t.id === w.b.id)).toMatchObject({ students: 1, collections: 1 });
    expect(d.assessments.find((x) => x.id === w.assessment.id)).toMatchObject({ family: "KRA", items: 5, tenantName: null });
    expect(d.schoolYears.find((y) => y.id === w.year.id)).toMatchObject({ current: true, collections: 4 });
  });

  it("reads across tenants only through the audited path: one cross_tenant_read row per view, none for a refusal", async () => {
    const system = await actorOf(w.system);
    const reads = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, system.userId), eq(auditLog.tenantId, system.tenantId), eq(auditLog.action, "cross_tenant_read")));
    const before = (await reads()).length;
    await systemDashboard(system);
    const after = await reads();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ entityType: "tenant", details: { permission: "area.system", reason: "system dashboard: counts of every tenant" } });
  });

  it("refuses an administrator, and writes no cross-tenant audit row for them", async () => {
    const admin = await actorOf(w.tenantAdmin);
    await rejects403(systemDashboard(admin));
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, admin.userId), eq(auditLog.action, "cross_tenant_read"))),
    ).toEqual([]);
  });
});

describe("header model", () => {
  it("counts the person's unacknowledged notifications only", async () => {
    await db()
      .insert(notifications)
      .values([
        { tenantId: w.a.id, userId: w.teacher.id, message: "one" },
        { tenantId: w.a.id, userId: w.teacher.id, message: "two" },
        { tenantId: w.a.id, userId: w.teacher.id, message: "read", acknowledged: 1 },
        { tenantId: w.a.id, userId: w.teacher2.id, message: "someone else's" },
      ]);
    expect(await unreadNotificationCount(await actorOf(w.teacher))).toBe(2);
    expect(await unreadNotificationCount(await actorOf(w.teacherB))).toBe(0);
    const recent = await recentNotifications(await actorOf(w.teacher), 2);
    expect(recent).toHaveLength(2);
    expect(recent.map((n) => n.message).sort()).not.toContain("someone else's");
    expect(await recentNotifications(await actorOf(w.teacherB))).toEqual([]);
  });

  it("builds the header for a multi-role person in each area", async () => {
    // In a tenant of its own: the dashboards above count tenant A's teachers.
    const both = await makeUser((await makeTenant()).id, {
      roles: ["ROLE_ADMIN", "ROLE_TEACHER"],
      firstName: "Bartholomew-Alexander",
      lastName: "Short",
    });
    const actor = await actorOf(both);
    const inTeacher = await shellModel(actor, "teacher");
    expect(inTeacher.areaLinks.map((l) => l.label)).toEqual(["Administration"]);
    expect(inTeacher.dashboardHref).toBe("/teacher/dashboard");
    expect(inTeacher.displayFirstName).toBe("Bartholomew-Al…");
    expect(inTeacher.displayLastName).toBe("Short");
    const inAdmin = await shellModel(actor, "administrator");
    expect(inAdmin.areaLinks.map((l) => l.label)).toEqual(["Teacher"]);
    expect(inAdmin.dashboardHref).toBeNull();
    expect(inAdmin.supportUrl).toContain("administrators");
    // Outside the areas the active role (admin, by priority) decides.
    const onProfile = await shellModel(actor, null);
    expect(onProfile.navArea).toBe("administrator");
    expect(onProfile.impersonating).toBe(false);
  });
});
