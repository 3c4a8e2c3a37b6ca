import type { Executor } from "../client";
import {
  districts,
  enrollmentAssociations,
  locations,
  regions,
  studentEnrollments,
  students,
  tenantFields,
  tenantHostAliases,
  tenants,
  userOrganizations,
  userRoles,
  users,
} from "../schema";
import type { TenantPlan } from "./demo-plan";
import { adultName, schoolName } from "./names";
import { childRecord, PRIOR_CARE, stateStudentId } from "./people";
import type { Random } from "./random";

export interface BuiltTenant {
  tenantId: number;
  slug: string;
  /** In plan order, so demo accounts can refer to them by index. */
  regionIds: number[];
  districtIds: number[];
  locations: { id: number; districtId: number; regionId: number }[];
}

/** A demo tenant with its host aliases, custom enrollment fields and organisation tree. */
export async function createTenantOrgs(executor: Executor, plan: TenantPlan, random: Random): Promise<BuiltTenant> {
  const [tenant] = await executor
    .insert(tenants)
    .values({ name: plan.name, slug: plan.slug, logoUrl: `/logos/${plan.key}.svg`, welcomeMessage: plan.welcomeMessage })
    .returning({ id: tenants.id });
  const tenantId = tenant.id;
  if (plan.hostAliases.length) await executor.insert(tenantHostAliases).values(plan.hostAliases.map((hostPrefix) => ({ tenantId, hostPrefix })));
  await executor.insert(tenantFields).values([
    { tenantId, entity: "StudentsEnrollments", entityField: "input_1", label: plan.classroomLabel, dataType: "text", sortOrder: 1 },
    {
      tenantId,
      entity: "StudentsEnrollments",
      entityField: "option_1",
      label: "Kindergarten schedule",
      dataType: "select",
      options: [
        { value: "FULL", label: "Full day" },
        { value: "HALF", label: "Half day" },
      ],
      sortOrder: 2,
    },
  ]);

  const built: BuiltTenant = { tenantId, slug: plan.slug, regionIds: [], districtIds: [], locations: [] };
  const usedNames = new Set<string>();
  for (const regionPlan of plan.regions) {
    const [region] = await executor.insert(regions).values({ tenantId, name: regionPlan.name, uniqueId: regionPlan.code }).returning({ id: regions.id });
    built.regionIds.push(region.id);
    for (const d of regionPlan.districts) {
      const [district] = await executor
        .insert(districts)
        .values({ tenantId, regionId: region.id, name: d.name, uniqueId: d.code, isCensus: d.isCensus ?? false })
        .returning({ id: districts.id });
      built.districtIds.push(district.id);
      const names = Array.from({ length: d.locations }, () => {
        let name = schoolName(random);
        while (usedNames.has(name)) name = schoolName(random);
        usedNames.add(name);
        return name;
      });
      const rows = await executor
        .insert(locations)
        .values(names.map((name, i) => ({ tenantId, districtId: district.id, name, uniqueId: `${d.code}${String(i + 1).padStart(4, "0")}` })))
        .returning({ id: locations.id });
      built.locations.push(...rows.map((r) => ({ id: r.id, districtId: district.id, regionId: region.id })));
    }
  }
  return built;
}

const handle = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

/**
 * Kindergarten classrooms at every location: one or two classes of 18 to 24 children, each with its
 * teacher and roster. A location listed in `rosterOwners` gives its first class (20 children) to
 * that demo account; other classes get a generated teacher (no password: never signs in).
 */
export async function enrollClasses(
  executor: Executor,
  input: { tenant: BuiltTenant; random: Random; ssidOffset: number; schoolYearStart: number; rosterOwners: Map<number, number> },
): Promise<{ students: number }> {
  const { tenant, random } = input;
  const tenantId = tenant.tenantId;
  const classes: { location: BuiltTenant["locations"][number]; room: string; size: number; teacherId?: number }[] = [];
  tenant.locations.forEach((location, index) => {
    const count = random.int(1, 2);
    for (let c = 0; c < count; c++) {
      const owner = c === 0 ? input.rosterOwners.get(index) : undefined;
      classes.push({ location, room: `Room ${100 + random.int(1, 30)}`, size: owner ? 20 : random.int(18, 24), teacherId: owner });
    }
  });

  const needTeacher = classes.filter((c) => c.teacherId === undefined);
  const teacherRows = needTeacher.map((c, i) => {
    const name = adultName(random);
    const username = `${handle(name.firstName)}.${handle(name.lastName)}.${i + 1}@${tenant.slug}.demo.test`;
    return { tenantId, username, email: username, ...name, tenantMemberId: `T${String(i + 1).padStart(5, "0")}`, _location: c.location.id };
  });
  if (teacherRows.length) {
    const created = await executor
      .insert(users)
      .values(teacherRows.map(({ _location, ...row }) => row))
      .returning({ id: users.id });
    created.forEach((row, i) => (needTeacher[i].teacherId = row.id));
    await executor.insert(userRoles).values(created.map((row) => ({ tenantId, userId: row.id, role: "ROLE_TEACHER" as const })));
    await executor
      .insert(userOrganizations)
      .values(created.map((row, i) => ({ tenantId, userId: row.id, orgType: "location" as const, parentId: teacherRows[i]._location })));
  }

  const children = classes.flatMap((cls) => Array.from({ length: cls.size }, () => cls));
  const studentRows = children.map((cls, n) =>
    childRecord(random, {
      tenantId,
      tenantUniqueId: stateStudentId(input.ssidOffset, n + 1),
      locationId: cls.location.id,
      schoolYearStart: input.schoolYearStart,
    }),
  );
  const createdStudents = await executor.insert(students).values(studentRows).returning({ id: students.id, ssid: students.tenantUniqueId });
  const studentId = new Map(createdStudents.map((s) => [s.ssid, s.id]));
  const enrollmentRows = children.map((cls, n) => ({
    tenantId,
    studentId: studentId.get(studentRows[n].tenantUniqueId)!,
    regionId: cls.location.regionId,
    districtId: cls.location.districtId,
    locationId: cls.location.id,
    priorCare: random.weighted(PRIOR_CARE),
    isPointOfAuthority: true,
    input1: cls.room,
    option1: random.chance(0.85) ? "FULL" : "HALF",
  }));
  const createdEnrollments = await executor
    .insert(studentEnrollments)
    .values(enrollmentRows)
    .returning({ id: studentEnrollments.id, studentId: studentEnrollments.studentId });
  const enrollmentOf = new Map(createdEnrollments.map((e) => [e.studentId, e.id]));
  await executor.insert(enrollmentAssociations).values(
    children.map((cls, n) => ({
      tenantId,
      userId: cls.teacherId!,
      studentEnrollmentId: enrollmentOf.get(enrollmentRows[n].studentId)!,
      locationId: cls.location.id,
    })),
  );
  // One child also attends a second school of its district, on no roster there: its point of
  // authority says which enrollment counts (the admin's enrollments page can move it).
  const [home, second] = [tenant.locations[2], tenant.locations[1]];
  const child = children.findIndex((cls) => cls.location.id === home?.id);
  if (home && second && home.districtId === second.districtId && child >= 0) {
    await executor.insert(studentEnrollments).values({
      tenantId,
      studentId: enrollmentRows[child].studentId,
      regionId: second.regionId,
      districtId: second.districtId,
      locationId: second.id,
      priorCare: enrollmentRows[child].priorCare,
      isPointOfAuthority: false,
    });
  }
  return { students: children.length };
}
