import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentHierarchyItems, assessmentItems, assessments, districts, locations, regions, studentEnrollments, students } from "@/db/schema";
import { tokenFor } from "./api";
import { makeTenant, makeUser } from "./factories";
import { assign, makeCollection, makeEnrollment, score } from "./school-fixtures";
import { makeScoringAssessment } from "./scoring-world";

/**
 * The Ed-Fi tests' world (tests/api/edfi-export.test.ts, edfi-send.test.ts). Tenant A, namespace set:
 * district D1 (school S1, id "00077": Abbott all D, Baker LL all D and MA all B, Cole LL only, Dent
 * nothing scored; Baker also holds a second, not authoritative, enrollment at S2), district D2 (school
 * S2, id "BIRCH-01": Faraway all A). A tenant admin, a district admin of D1, a teacher at S1, tenant
 * B's admin with a collection and a district of their own. The assessment: 4 items on the A-D scale
 * (1-4 points), I1-I2 in LL, I3-I4 in MA, scale 202-298, three levels.
 */
export const NS = "uri://education.test-state.gov";
export const LEVELS = [
  { code: "EMERGING", label: "Emerging Readiness", min: 202, max: 257 },
  { code: "APPROACHING", label: "Approaching Readiness", min: 258, max: 269 },
  { code: "DEMONSTRATING", label: "Demonstrating Readiness", min: 270, max: 298 },
];

export async function edfiWorld() {
  const assessment = await makeScoringAssessment(4);
  await db()
    .update(assessments)
    .set({ name: "Kindergarten Readiness Assessment", configuration: { scaleScore: { min: 202, max: 298 }, performanceLevels: LEVELS } })
    .where(eq(assessments.id, assessment.assessment.id));
  const [ma] = await db()
    .insert(assessmentHierarchyItems)
    .values({ assessmentId: assessment.assessment.id, code: "MA", label: "Mathematics", sortOrder: 1 })
    .returning();
  const [, , i3, i4] = assessment.items;
  for (const item of [i3, i4]) await db().update(assessmentItems).set({ hierarchyItemId: ma.id }).where(eq(assessmentItems.id, item.id));

  const tenant = await makeTenant({ configuration: { edfi: { namespace: NS } } });
  const [region] = await db().insert(regions).values({ tenantId: tenant.id, name: "Only Region" }).returning();
  const [d1] = await db().insert(districts).values({ tenantId: tenant.id, regionId: region.id, name: "Alder District", uniqueId: "0042" }).returning();
  const [d2] = await db().insert(districts).values({ tenantId: tenant.id, regionId: region.id, name: "Birch District" }).returning();
  const [s1] = await db().insert(locations).values({ tenantId: tenant.id, districtId: d1.id, name: "Alder School", uniqueId: "00077" }).returning();
  const [s2] = await db().insert(locations).values({ tenantId: tenant.id, districtId: d2.id, name: "Birch School", uniqueId: "BIRCH-01" }).returning();
  const at1 = { regionId: region.id, districtId: d1.id, locationId: s1.id };
  const at2 = { regionId: region.id, districtId: d2.id, locationId: s2.id };

  const collection = await makeCollection(tenant.id, {
    assessmentId: assessment.assessment.id,
    schoolYearId: assessment.schoolYearId,
    itemIds: assessment.items.map((i) => i.id),
  });
  const kids: Record<string, Awaited<ReturnType<typeof makeEnrollment>>> = {};
  for (const [name, ssid, at] of [
    ["Abbott", "000120", at1],
    ["Baker", "000121", at1],
    ["Cole", "000122", at1],
    ["Dent", "000123", at1],
    ["Faraway", "0009999", at2],
  ] as const) {
    const kid = await makeEnrollment(tenant.id, at);
    await db().update(students).set({ tenantUniqueId: ssid, lastName: name }).where(eq(students.id, kid.student.id));
    kids[name] = kid;
  }
  const [bakerAtBirch] = await db()
    .insert(studentEnrollments)
    .values({ tenantId: tenant.id, studentId: kids.Baker.student.id, ...at2, isPointOfAuthority: false })
    .returning();
  await assign(tenant.id, collection.id, [...Object.values(kids).map((k) => k.enrollment.id), bakerAtBirch.id]);
  const ids = assessment.items.map((i) => i.id);
  const { A, B, D } = assessment.entries;
  await score(tenant.id, collection.id, kids.Abbott.enrollment.id, ids, D.id);
  await score(tenant.id, collection.id, kids.Baker.enrollment.id, ids.slice(0, 2), D.id);
  await score(tenant.id, collection.id, kids.Baker.enrollment.id, ids.slice(2), B.id);
  await score(tenant.id, collection.id, kids.Cole.enrollment.id, ids.slice(0, 2), B.id);
  await score(tenant.id, collection.id, kids.Faraway.enrollment.id, ids, A.id);

  const admin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const districtAdmin = await makeUser(tenant.id, { roles: ["ROLE_ADMIN"], orgs: [{ orgType: "district", id: d1.id, administrative: true }] });
  const teacher = await makeUser(tenant.id, { roles: ["ROLE_TEACHER"], orgs: [{ orgType: "location", id: s1.id }] });

  const other = await makeTenant();
  const otherAdmin = await makeUser(other.id, { roles: ["ROLE_ADMIN", "ROLE_TENANT_ADMIN"] });
  const otherCollection = await makeCollection(other.id, { assessmentId: assessment.assessment.id, schoolYearId: assessment.schoolYearId, itemIds: ids });
  const [otherRegion] = await db().insert(regions).values({ tenantId: other.id, name: "Their Region" }).returning();
  const [otherDistrict] = await db().insert(districts).values({ tenantId: other.id, regionId: otherRegion.id, name: "Their District" }).returning();

  return {
    assessment,
    tenant,
    other,
    d1,
    d2,
    collection,
    otherCollection,
    otherDistrict,
    kids,
    at1,
    admin: await tokenFor(admin),
    districtAdmin: await tokenFor(districtAdmin),
    teacher: await tokenFor(teacher),
    otherAdmin: await tokenFor(otherAdmin),
  };
}
