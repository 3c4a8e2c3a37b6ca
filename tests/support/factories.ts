import { db } from "@/db/client";
import { eq } from "drizzle-orm";
import {
  assessments,
  dataCollections,
  districts,
  locations,
  regions,
  schoolYears,
  studentEnrollments,
  students,
  tenantFields,
  tenants,
  userOrganizations,
  userRoles,
  users,
  type OrgType,
  type Role,
} from "@/db/schema";

let seq = 0;
const next = () => `${process.pid}${++seq}${Math.random().toString(36).slice(2, 6)}`;

/** Factories make each test's own rows; tests never lean on seeded demo data. */
export async function makeTenant(overrides: Partial<typeof tenants.$inferInsert> = {}) {
  const n = next();
  const [tenant] = await db()
    .insert(tenants)
    .values({ name: `Tenant ${n}`, slug: `tenant-${n}`, ...overrides })
    .returning();
  return tenant;
}

export async function makeUser(
  tenantId: number,
  options: { roles?: Role[]; orgs?: { orgType: OrgType; id: number; administrative?: boolean }[] } & Partial<typeof users.$inferInsert> = {},
) {
  const { roles = [], orgs = [], ...overrides } = options;
  const n = next();
  const [user] = await db()
    .insert(users)
    .values({ tenantId, username: `user${n}@test.example`, email: `user${n}@test.example`, firstName: "Test", lastName: `User${n}`, ...overrides })
    .returning();
  if (roles.length)
    await db()
      .insert(userRoles)
      .values(roles.map((role) => ({ tenantId, userId: user.id, role })));
  if (orgs.length) {
    await db()
      .insert(userOrganizations)
      .values(orgs.map((o) => ({ tenantId, userId: user.id, orgType: o.orgType, parentId: o.id, administrative: o.administrative ?? false })));
  }
  return user;
}

/** A region > district > location chain of one tenant. */
export async function makeRegion(tenantId: number, overrides: Partial<typeof regions.$inferInsert> = {}) {
  const n = next();
  const [row] = await db()
    .insert(regions)
    .values({ tenantId, name: `Region ${n}`, uniqueId: `R${n}`, ...overrides })
    .returning();
  return row;
}

export async function makeDistrict(tenantId: number, regionId: number, overrides: Partial<typeof districts.$inferInsert> = {}) {
  const n = next();
  const [row] = await db()
    .insert(districts)
    .values({ tenantId, regionId, name: `District ${n}`, uniqueId: `D${n}`, ...overrides })
    .returning();
  return row;
}

export async function makeLocation(tenantId: number, districtId: number, overrides: Partial<typeof locations.$inferInsert> = {}) {
  const n = next();
  const [row] = await db()
    .insert(locations)
    .values({ tenantId, districtId, name: `Location ${n}`, uniqueId: `L${n}`, ...overrides })
    .returning();
  return row;
}

export async function makeOrgTree(tenantId: number) {
  const region = await makeRegion(tenantId);
  const district = await makeDistrict(tenantId, region.id);
  const location = await makeLocation(tenantId, district.id);
  return { region, district, location };
}

export async function makeStudent(tenantId: number, overrides: Partial<typeof students.$inferInsert> = {}) {
  const n = next();
  const [row] = await db()
    .insert(students)
    .values({ tenantId, tenantUniqueId: `0${n}`, firstName: "Kid", lastName: `Student${n}`, gender: "UNKNOWN", dob: "2020-03-01", ...overrides })
    .returning();
  return row;
}

/** An enrollment of a student at a location (region and district taken from the location). */
export async function makeEnrollment(
  tenantId: number,
  studentId: number,
  location: { id: number; districtId: number },
  overrides: Partial<typeof studentEnrollments.$inferInsert> = {},
) {
  const [district] = await db().select({ regionId: districts.regionId }).from(districts).where(eq(districts.id, location.districtId));
  const [row] = await db()
    .insert(studentEnrollments)
    .values({
      tenantId,
      studentId,
      locationId: location.id,
      districtId: location.districtId,
      regionId: district.regionId,
      isPointOfAuthority: true,
      ...overrides,
    })
    .returning();
  return row;
}

export async function makeSchoolYear(overrides: Partial<typeof schoolYears.$inferInsert> = {}) {
  const start = 2000 + (++seq % 900);
  const [row] = await db()
    .insert(schoolYears)
    .values({ label: `${start}-${start + 1} ${next()}`, startDate: `${start}-07-01`, endDate: `${start + 1}-06-30`, ...overrides })
    .returning();
  return row;
}

export async function makeAssessment(overrides: Partial<typeof assessments.$inferInsert> = {}) {
  const [row] = await db()
    .insert(assessments)
    .values({ name: `Assessment ${next()}`, taxonomy: "SUMMATIVE", ...overrides })
    .returning();
  return row;
}

export async function makeDataCollection(
  tenantId: number,
  refs: { schoolYearId: number; assessmentId: number },
  overrides: Partial<typeof dataCollections.$inferInsert> = {},
) {
  const start = new Date();
  const [row] = await db()
    .insert(dataCollections)
    .values({
      tenantId,
      ...refs,
      collectionName: `Collection ${next()}`,
      cycleStartDate: start,
      cycleEndDate: new Date(start.getTime() + 56 * 86400_000),
      enrollmentEndDate: new Date(start.getTime() + 42 * 86400_000),
      ...overrides,
    })
    .returning();
  return row;
}

export async function makeTenantField(tenantId: number, overrides: Partial<typeof tenantFields.$inferInsert> = {}) {
  const [row] = await db()
    .insert(tenantFields)
    .values({ tenantId, entity: "StudentsEnrollments", entityField: `input_${(++seq % 10) + 1}`, label: `Field ${next()}`, ...overrides })
    .returning();
  return row;
}
