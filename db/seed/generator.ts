import { like, sql } from "drizzle-orm";
import { database, rows, type DatabaseHandle, type Executor } from "../client";
import { districts, locations, regions, tenants, users } from "../schema";
import { KRA } from "./assessment-content";
import { createCollection, openWindow } from "./collections";
import { copyRows, type Cell } from "./copy";
import { adultName, schoolName, townName } from "./names";
import { childRecord, PRIOR_CARE, stateStudentId } from "./people";
import { createRandom, type Random } from "./random";
import { ensureSchoolYears, ensureSharedAssessment, schoolYearOf } from "./reference";
import { assignEnrollments, enterScores, recordScoreHistory, recordSupports } from "./scoring";
import { stateShape, type StateShape } from "./state-shape";

interface GenerateOptions {
  students: number;
  /** PRNG seed: the same seed gives the same state on a fresh database. */
  seed?: number;
  now?: Date;
  handle?: DatabaseHandle;
  log?: (line: string) => void;
}

interface GenerateResult {
  tenantId: number;
  slug: string;
  collectionId: number;
  counts: { regions: number; districts: number; locations: number; teachers: number; students: number; scores: number };
  seconds: number;
}

const CHUNK = 1_000;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));
const count = (n: number) => n.toLocaleString("en-US");
const intArray = (ids: number[]) => sql`${`{${ids.join(",")}}`}::int[]`;

/** A free slug: state-130000, then state-130000-2 ... */
async function freeSlug(executor: Executor, base: string): Promise<string> {
  const taken = new Set(
    (
      await executor
        .select({ slug: tenants.slug })
        .from(tenants)
        .where(like(tenants.slug, `${base}%`))
    ).map((t) => t.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

async function createOrganisations(executor: Executor, tenantId: number, shape: StateShape, random: Random) {
  const regionRows = await executor
    .insert(regions)
    .values(shape.regions.map((name, i) => ({ tenantId, name, uniqueId: `R${String(i + 1).padStart(2, "0")}` })))
    .returning({ id: regions.id });
  const districtIds: number[] = [];
  for (const [c, part] of chunks(shape.districtRegion).entries()) {
    const created = await executor
      .insert(districts)
      .values(
        part.map((region, i) => {
          const n = c * CHUNK + i + 1;
          const name = `${townName(random)} ${random.weighted([
            ["City School District", 3],
            ["Local School District", 4],
            ["Exempted Village School District", 1],
          ] as const)}`;
          return { tenantId, regionId: regionRows[region].id, name, uniqueId: String(40_000 + n * 7).padStart(6, "0"), isCensus: random.chance(0.2) };
        }),
      )
      .returning({ id: districts.id });
    districtIds.push(...created.map((d) => d.id));
  }
  const locationIds: number[] = [];
  for (const [c, part] of chunks(shape.locationDistrict).entries()) {
    const created = await executor
      .insert(locations)
      .values(
        part.map((district, i) => ({
          tenantId,
          districtId: districtIds[district],
          name: schoolName(random),
          uniqueId: `L${String(c * CHUNK + i + 1).padStart(6, "0")}`,
        })),
      )
      .returning({ id: locations.id });
    locationIds.push(...created.map((l) => l.id));
  }
  return { regionIds: regionRows.map((r) => r.id), districtIds, locationIds };
}

/** Teachers (per location), an admin per district, a data manager per region and one tenant admin. */
async function createStaff(
  handle: DatabaseHandle,
  tenantId: number,
  slug: string,
  shape: StateShape,
  orgs: Awaited<ReturnType<typeof createOrganisations>>,
  random: Random,
) {
  type Staff = {
    role: "ROLE_TEACHER" | "ROLE_ADMIN" | "ROLE_DATA_MANAGER" | "ROLE_TENANT_ADMIN";
    orgType?: "location" | "district" | "region";
    parentId?: number;
  };
  const staff: Staff[] = [
    { role: "ROLE_TENANT_ADMIN" },
    ...orgs.regionIds.map((parentId) => ({ role: "ROLE_DATA_MANAGER" as const, orgType: "region" as const, parentId })),
    ...orgs.districtIds.map((parentId) => ({ role: "ROLE_ADMIN" as const, orgType: "district" as const, parentId })),
    ...shape.teachersPerLocation.flatMap((n, l) =>
      Array.from({ length: n }, () => ({ role: "ROLE_TEACHER" as const, orgType: "location" as const, parentId: orgs.locationIds[l] })),
    ),
  ];
  const ids: number[] = [];
  for (const [c, part] of chunks(staff).entries()) {
    const created = await handle.db
      .insert(users)
      .values(
        part.map((_, i) => {
          const name = adultName(random);
          const username = `${name.firstName}.${name.lastName}.${c * CHUNK + i + 1}@${slug}.bench.test`.toLowerCase().replace(/[^a-z0-9.@-]/g, "");
          return { tenantId, username, email: username, ...name };
        }),
      )
      .returning({ id: users.id });
    ids.push(...created.map((u) => u.id));
  }
  await copyRows(
    handle,
    "user_roles",
    ["tenant_id", "user_id", "role"],
    staff.map((s, i) => [tenantId, ids[i], s.role]),
  );
  const linked = staff.flatMap((s, i) => (s.orgType ? [[tenantId, ids[i], s.orgType, s.parentId!, s.role === "ROLE_ADMIN"]] : []));
  await copyRows(handle, "user_organizations", ["tenant_id", "user_id", "org_type", "parent_id", "administrative"], linked);
  const teachers = staff.flatMap((s, i) => (s.role === "ROLE_TEACHER" ? [{ locationId: s.parentId!, userId: ids[i] }] : []));
  return { tenantAdminId: ids[0], teachers };
}

/**
 * One tenant the size of a state: students spread over locations of uneven size, about 21
 * children per teacher, one KRA collection of 60 items with about half the scores entered.
 * Prints progress through `log`; rows go in with COPY and set-based INSERT ... SELECT.
 */
export async function generateState(options: GenerateOptions): Promise<GenerateResult> {
  const handle = options.handle ?? database();
  const db = handle.db;
  const log = options.log ?? ((line: string) => console.log(line));
  const now = options.now ?? new Date();
  const seed = options.seed ?? 1;
  const random = createRandom(seed * 7_919 + options.students);
  const started = performance.now();
  const step = (what: string) => log(`  ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  const shape = stateShape(options.students, random);
  const schoolYearId = await ensureSchoolYears(db, now);
  const kra = await ensureSharedAssessment(db, KRA);
  const year = Number(schoolYearOf(now).startDate.slice(0, 4));
  const slug = await freeSlug(db, `state-${options.students}`);
  const [tenant] = await db
    .insert(tenants)
    .values({ name: `Generated State (${count(options.students)} students)`, slug, welcomeMessage: "A generated state for benchmarks." })
    .returning({ id: tenants.id });
  const tenantId = tenant.id;
  log(`Generating tenant ${slug}: ${count(options.students)} students in ${count(shape.locationDistrict.length)} locations`);

  const orgs = await createOrganisations(db, tenantId, shape, random);
  step(`${shape.regions.length} regions, ${count(orgs.districtIds.length)} districts, ${count(orgs.locationIds.length)} locations`);
  const staff = await createStaff(handle, tenantId, slug, shape, orgs, random);
  step(`${count(staff.teachers.length)} teachers and ${count(orgs.districtIds.length + orgs.regionIds.length + 1)} administrators`);

  const ssidOffset = random.int(1_000_000, 99_999_999);
  const studentRows = (function* (): Generator<Cell[]> {
    let n = 0;
    for (const [l, size] of shape.studentsPerLocation.entries()) {
      for (let i = 0; i < size; i++) {
        const s = childRecord(random, { tenantId, tenantUniqueId: stateStudentId(ssidOffset, ++n), locationId: orgs.locationIds[l], schoolYearStart: year });
        yield [
          s.tenantId,
          s.tenantUniqueId,
          s.firstName,
          s.middleName,
          s.lastName,
          s.gender,
          s.dob,
          s.englishLanguageLearner,
          s.race,
          s.lowSes,
          s.specialEducation,
          s.specialEducationDisabilityCode,
          s.parentLocationId,
        ];
      }
    }
  })();
  const studentColumns = [
    "tenant_id",
    "tenant_unique_id",
    "first_name",
    "middle_name",
    "last_name",
    "gender",
    "dob",
    "english_language_learner",
    "race",
    "low_ses",
    "special_education",
    "special_education_disability_code",
    "parent_location_id",
  ];
  const students = await copyRows(handle, "students", studentColumns, studentRows);
  step(`${count(students)} students`);

  const priorCare = PRIOR_CARE.flatMap(([label, weight]) => Array<string>(weight).fill(label));
  await db.execute(sql`
    insert into student_enrollments (tenant_id, student_id, region_id, district_id, location_id, prior_care, is_point_of_authority)
    select s.tenant_id, s.id, d.region_id, l.district_id, l.id,
      (${`{${priorCare.map((p) => `"${p}"`).join(",")}}`}::text[])[1 + (((hashint8extended(s.id::bigint, ${seed}::bigint) % ${priorCare.length}) + ${priorCare.length}) % ${priorCare.length})::int],
      true
    from students s join locations l on l.id = s.parent_location_id join districts d on d.id = l.district_id
    where s.tenant_id = ${tenantId}
    order by s.id`);
  await db.execute(sql`
    with t as (
      select x.location_id, x.user_id, (row_number() over (partition by x.location_id order by x.user_id) - 1)::int as k,
        count(*) over (partition by x.location_id)::int as n
      from unnest(${intArray(staff.teachers.map((t) => t.locationId))}, ${intArray(staff.teachers.map((t) => t.userId))}) as x(location_id, user_id)
    ), e as (
      select id, location_id, (row_number() over (partition by location_id order by id) - 1)::int as rn
      from student_enrollments where tenant_id = ${tenantId}
    )
    insert into enrollment_associations (tenant_id, user_id, student_enrollment_id, location_id)
    select ${tenantId}, t.user_id, e.id, e.location_id from e join t on t.location_id = e.location_id and t.k = e.rn % t.n
    order by e.id`);
  // Statistics after each step, for the next one's plans (autovacuum may be off, or a minute away).
  await db.execute(sql`analyze users, user_roles, user_organizations, regions, districts, locations, students, student_enrollments, enrollment_associations`);
  step("enrollments and rosters");

  const window = openWindow(now);
  const collection = await createCollection(db, {
    tenantId,
    schoolYearId,
    assessmentId: kra.id,
    def: KRA,
    items: kra.items,
    collectionName: `Kindergarten Readiness Fall ${year}`,
    window,
    createdBy: staff.tenantAdminId,
  });
  const ref = { tenantId, collectionId: collection.id };
  await assignEnrollments(db, { ...ref, tokenSalt: `${slug}:${seed}`, createdAt: window.cycleStartDate });
  await recordSupports(db, { ...ref, supportIds: collection.supportIds, salt: seed });
  await db.execute(sql`analyze data_collections, data_collection_items, student_data_collection_assignments, student_supports`);
  step(`collection of ${kra.items.length} items, every student assigned`);

  const [bounds] = await rows<{ lo: number; hi: number }>(
    db,
    sql`select min(id)::int as lo, max(id)::int as hi from student_enrollments where tenant_id = ${tenantId}`,
  );
  const parts = Math.max(1, Math.ceil(students / 10_000));
  const width = Math.ceil((bounds.hi - bounds.lo + 1) / parts);
  let done = 0;
  // Two parts at a time: most of the cost is per-row foreign-key checks, which run on both cores.
  const queue = Array.from({ length: parts }, (_, p) => ({ from: bounds.lo + p * width, to: Math.min(bounds.hi, bounds.lo + (p + 1) * width - 1) }));
  const worker = async () => {
    for (let range = queue.shift(); range; range = queue.shift()) {
      await enterScores(db, { ...ref, salt: seed, now, range });
      await recordScoreHistory(db, { ...ref, range });
      step(`scores and their history: ${Math.round((++done / parts) * 100)}%`);
    }
  };
  await Promise.all([worker(), worker()]);
  const [scored] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from scores where tenant_id = ${tenantId} and data_collection_id = ${collection.id}`,
  );
  step(`${count(scored.n)} scores`);

  // Fresh statistics and visibility maps, as autovacuum would leave them, so plans are the real ones
  // (on a server with autovacuum off, a table left out keeps no statistics: the planner then guessed
  // one teacher per tenant and scanned every teacher's role per roster row).
  await db.execute(
    sql`vacuum (analyze) students, student_enrollments, enrollment_associations, student_data_collection_assignments, scores, score_history,
      student_results, collection_location_progress, collection_display_totals, users, user_roles, user_organizations, regions, districts, locations`,
  );
  step("vacuum analyze");

  const seconds = (performance.now() - started) / 1000;
  return {
    tenantId,
    slug,
    collectionId: collection.id,
    counts: {
      regions: orgs.regionIds.length,
      districts: orgs.districtIds.length,
      locations: orgs.locationIds.length,
      teachers: staff.teachers.length,
      students,
      scores: scored.n,
    },
    seconds,
  };
}
