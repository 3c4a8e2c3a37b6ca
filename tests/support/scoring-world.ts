import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentHierarchyItems, assessmentItems, dataCollectionLocationAssignments, scaleEntries, scales } from "@/db/schema";
import { tokenFor } from "./api";
import { makeTenant, makeUser } from "./factories";
import { actorOf, assign, makeAssessment, makeCollection, makeEnrollment, makeLocation, makeOrgTree, makeSchoolYear } from "./school-fixtures";

const DAY = 86_400_000;

/**
 * A shared assessment for the scoring tests: `itemCount` items on an A-D scale (A=1 ... D=4) in one
 * domain LL, a second scale with one entry (off every item's scale), and a code N without points.
 */
export async function makeScoringAssessment(itemCount = 4) {
  const fixture = await makeAssessment(itemCount);
  const scaleId = fixture.entry.scaleId;
  const more = await db()
    .insert(scaleEntries)
    .values([
      { scaleId, code: "B", label: "B", score: "2", sortOrder: 1 },
      { scaleId, code: "C", label: "C", score: "3", sortOrder: 2 },
      { scaleId, code: "D", label: "D", score: "4", sortOrder: 3 },
      { scaleId, code: "N", label: "Not observed", score: null, sortOrder: 4 },
    ])
    .returning();
  const [otherScale] = await db().insert(scales).values({ assessmentId: fixture.assessment.id, code: "YN", label: "Yes/No" }).returning();
  const [offScale] = await db().insert(scaleEntries).values({ scaleId: otherScale.id, code: "Y", label: "Yes", score: "1" }).returning();
  const [domain] = await db()
    .insert(assessmentHierarchyItems)
    .values({ assessmentId: fixture.assessment.id, code: "LL", label: "Language and Literacy" })
    .returning();
  await db().update(assessmentItems).set({ hierarchyItemId: domain.id }).where(eq(assessmentItems.assessmentId, fixture.assessment.id));
  const year = await makeSchoolYear(new Date(Date.now() - 60 * DAY), new Date(Date.now() + 200 * DAY));
  const entries = { A: fixture.entry, B: more[0], C: more[1], D: more[2], N: more[3] };
  return { ...fixture, entries, offScale, domain, schoolYearId: year.id };
}

export type ScoringAssessment = Awaited<ReturnType<typeof makeScoringAssessment>>;

/**
 * One tenant's school: a teacher with `classSize` rostered students assigned to an open collection at
 * their location, a second teacher at the same school with one student of their own, an admin, a
 * closed collection (window over) with the same teacher's class, and tokens and actors for each.
 */
export async function makeScoringWorld(assessment: ScoringAssessment, classSize = 3) {
  const tenant = await makeTenant();
  const tree = await makeOrgTree(tenant.id);
  const org = { regionId: tree.region.id, districtId: tree.district.id, locationId: tree.location.id };
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const otherTeacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: tree.location.id }] });
  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const shared = { assessmentId: assessment.assessment.id, itemIds: assessment.items.map((i) => i.id), schoolYearId: assessment.schoolYearId };
  const atSchool = async (options: { startOffsetDays?: number; endOffsetDays?: number } = {}) => {
    const c = await makeCollection(tenant.id, { ...shared, ...options });
    await db().insert(dataCollectionLocationAssignments).values({ tenantId: tenant.id, dataCollectionId: c.id, locationId: tree.location.id });
    return c;
  };
  const collection = await atSchool();
  const closed = await atSchool({ startOffsetDays: -40, endOffsetDays: -1 });
  const upcoming = await atSchool({ startOffsetDays: 3, endOffsetDays: 30 });
  const kids = [];
  for (let i = 0; i < classSize; i++) kids.push(await makeEnrollment(tenant.id, org, { teacherId: teacher.id }));
  const otherKid = await makeEnrollment(tenant.id, org, { teacherId: otherTeacher.id });
  const unassignedKid = await makeEnrollment(tenant.id, org, { teacherId: teacher.id });
  const ids = kids.map((k) => k.enrollment.id);
  for (const c of [collection, closed, upcoming]) await assign(tenant.id, c.id, [...ids, otherKid.enrollment.id]);
  const elsewhere = await makeLocation(tenant.id, tree.district.id);
  return {
    tenant,
    tree,
    org,
    collection,
    closed,
    upcoming,
    kids,
    otherKid,
    unassignedKid,
    elsewhere,
    teacher,
    otherTeacher,
    admin,
    teacherToken: await tokenFor(teacher),
    otherTeacherToken: await tokenFor(otherTeacher),
    adminToken: await tokenFor(admin),
    teacherActor: await actorOf(teacher),
    otherTeacherActor: await actorOf(otherTeacher),
    adminActor: await actorOf(admin),
  };
}

export type ScoringWorld = Awaited<ReturnType<typeof makeScoringWorld>>;
