import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Gender } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import { listRaceCodes } from "@/lib/lookups/queries";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { dateToUnix } from "@/lib/platform/unix-time";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import type { StudentListQuery, StudentRow, StudentSort } from "./schemas";

/**
 * The administrator's student lists. A student belongs where its point-of-authority enrollment is
 * (students.parent_location_id): an admin sees the students whose POA location lies in their
 * administrative reach; tenant admins see the whole tenant. Merged records are never listed.
 */

interface Row {
  id: number;
  tenant_unique_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  gender: Gender;
  dob: string | null;
  english_language_learner: boolean;
  race: number;
  low_ses: boolean;
  special_education: boolean;
  special_education_disability_code: string | null;
  isr_language: "en" | "es" | null;
  parent_location_id: number | null;
  location_name: string | null;
  district_id: number | null;
  associations: number | string;
}

/** Whole years and months of age on `today` (UTC calendar days). */
export function ageOf(dob: string | null, today = new Date()): { years: number; months: number } | null {
  if (!dob) return null;
  const [y, m, d] = dob.split("-").map(Number);
  let months = (today.getUTCFullYear() - y) * 12 + (today.getUTCMonth() + 1 - m);
  if (today.getUTCDate() < d) months -= 1;
  if (months < 0) return null;
  return { years: Math.floor(months / 12), months };
}

function toStudent(r: Row, today: Date): StudentRow {
  const count = Number(r.associations);
  const age = ageOf(r.dob, today);
  return {
    id: r.id,
    tenantUniqueId: r.tenant_unique_id,
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    gender: r.gender,
    dob: dateToUnix(r.dob),
    dobDate: r.dob,
    englishLanguageLearner: r.english_language_learner,
    race: r.race,
    lowSes: r.low_ses,
    specialEducation: r.special_education,
    specialEducationDisabilityCode: r.special_education_disability_code,
    isrLanguage: r.isr_language,
    parentLocationId: r.parent_location_id,
    locationName: r.location_name,
    districtId: r.district_id,
    userAssociationCount: count,
    status: count > 0 ? "Active" : "Inactive",
    ageYears: age?.years ?? null,
    ageMonths: age?.months ?? null,
  };
}

/** Condition: the student's POA location is within the admin's reach (tenant admins: any). */
function inReach(actor: Actor): SQL {
  return locationInReach(actor, sql`s.parent_location_id`, ADMINISTRATIVE);
}

/** Teacher assignments (roster entries) over the student's enrollments. */
const associations = (t: number) => sql`(select count(*) from student_enrollments e
  join enrollment_associations ea on ea.tenant_id = ${t} and ea.student_enrollment_id = e.id
  where e.tenant_id = ${t} and e.student_id = s.id)`;

const columns = (t: number) => sql`s.id, s.tenant_unique_id, s.first_name, s.middle_name, s.last_name, s.gender, s.dob::text as dob,
  s.english_language_learner, s.race, s.low_ses, s.special_education, s.special_education_disability_code, s.isr_language,
  s.parent_location_id, l.name as location_name, l.district_id, ${associations(t)} as associations`;

const locationJoin = (t: number) => sql`left join locations l on l.tenant_id = ${t} and l.id = s.parent_location_id`;

/**
 * A state id prefix, or a first or last name start; two words match "first last" or "last, first".
 * starts_with() is leakproof, so under row-level security the indexes still serve it (LIKE is not);
 * the name keys are lower(name) (migration 0024).
 */
function searchCondition(search: string): SQL {
  const words = search
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const byId = sql`starts_with(s.tenant_unique_id, ${search})`;
  // Names hold no digits: a term with one is a state id, and the name indexes stay out of the plan.
  if (/\d/.test(search)) return byId;
  const last = (w: string) => sql`starts_with(s.last_name_key, ${w})`;
  const first = (w: string) => sql`starts_with(s.first_name_key, ${w})`;
  if (words.length >= 2) {
    const [a, b] = words;
    return sql`(${byId} or (${last(a)} and ${first(b)}) or (${first(a)} and ${last(b)}))`;
  }
  const word = words[0] ?? "";
  return sql`(${byId} or ${last(word)} or ${first(word)})`;
}

function filters(actor: Actor, query: StudentListQuery): SQL {
  const t = actor.tenantId;
  const parts: SQL[] = [sql`s.tenant_id = ${t}`, sql`s.merged_into_student_id is null`, inReach(actor)];
  if (query.search) parts.push(searchCondition(query.search));
  if (query.locationId) parts.push(sql`s.parent_location_id = ${query.locationId}`);
  if (query.districtId) {
    parts.push(sql`s.parent_location_id in (select ld.id from locations ld where ld.tenant_id = ${t} and ld.district_id = ${query.districtId})`);
  }
  if (query.status) {
    const rostered = sql`exists (select 1 from student_enrollments e join enrollment_associations ea on ea.tenant_id = ${t} and ea.student_enrollment_id = e.id
      where e.tenant_id = ${t} and e.student_id = s.id)`;
    parts.push(query.status === "active" ? rostered : sql`not ${rostered}`);
  }
  return sql.join(parts, sql` and `);
}

/** Sort keys end in s.id so pages never overlap; names sort case-insensitively (the name key indexes). */
function orderBy(sort: StudentSort, order: "asc" | "desc"): SQL {
  const dir = sql.raw(order);
  const names = sql`s.last_name_key ${dir}, s.first_name_key ${dir}`;
  switch (sort) {
    case "firstName":
      return sql`s.first_name_key ${dir}, s.last_name_key ${dir}, s.id ${dir}`;
    case "stateId":
      return sql`s.tenant_unique_id ${dir}, s.id ${dir}`;
    case "dob":
      return sql`s.dob ${dir} nulls last, s.id ${dir}`;
    case "location":
      return sql`l.name ${dir} nulls last, coalesce(s.parent_location_id, 0) ${dir}, ${names}, s.id ${dir}`;
    default:
      return sql`${names}, s.id ${dir}`;
  }
}

/** The SQL of one page, exposed for the benchmark's bare-SQL comparison. */
export function studentPageSql(actor: Actor, query: StudentListQuery): { page: SQL; count: SQL } {
  const t = actor.tenantId;
  const where = filters(actor, query);
  const offset = (query.page - 1) * query.pageSize;
  const count = sql`select count(*) as n from students s where ${where}`;
  if (query.sort === "location") return { page: byLocationPage(t, where, query, offset), count };
  return {
    page: sql`select ${columns(t)} from students s ${locationJoin(t)} where ${where}
      order by ${orderBy(query.sort, query.order)} limit ${query.pageSize} offset ${offset}`,
    count,
  };
}

/**
 * Sorting by location name would sort every student of the tenant (~100 ms over 130,000). Instead:
 * count the students per location, find the locations whose rows cover the page, and sort only
 * their students. Location 0 stands for students without one (listed last). The covering ids are
 * matched as `= any(array)` and `is null`, which the location index serves; `coalesce(...) in`
 * would read every student again.
 */
function byLocationPage(t: number, where: SQL, query: StudentListQuery, offset: number): SQL {
  const dir = sql.raw(query.order);
  return sql`with per_location as (
      select coalesce(s.parent_location_id, 0) as id, count(*) as n from students s where ${where} group by 1
    ), ranged as (
      select p.id, sum(p.n) over (order by l.name ${dir} nulls last, p.id ${dir}) - p.n as start, p.n
      from per_location p left join locations l on l.tenant_id = ${t} and l.id = p.id
    ), covering as (
      select id, start from ranged where start < ${offset + query.pageSize} and start + n > ${offset}
    )
    select ${columns(t)} from students s ${locationJoin(t)}
    where ${where} and (s.parent_location_id = any(array(select id from covering))
      or (s.parent_location_id is null and 0 = any(array(select id from covering))))
    order by ${orderBy("location", query.order)}
    limit ${query.pageSize} offset ${offset} - (select coalesce(min(start), 0) from covering)`;
}

/** GET /students: one page of the students within the admin's reach, with the total. */
export async function listStudents(actor: Actor, query: StudentListQuery, today = new Date()) {
  authorize(actor, "students.manage");
  const { page, count } = studentPageSql(actor, query);
  // Page and count in their own transactions, so they run side by side on PostgreSQL.
  const [found, [total], races] = await Promise.all([
    forTenant(actor, () => rows<Row>(db(), page)),
    forTenant(actor, () => rows<{ n: number | string }>(db(), count)),
    listRaceCodes(actor),
  ]);
  return { students: found.map((r) => toStudent(r, today)), races, total: Number(total.n), page: query.page, pageSize: query.pageSize };
}

/** One student within reach, by id or by state id; 404 for anything else (another tenant's too). */
async function findOne(actor: Actor, match: SQL, today: Date, view?: StudentView): Promise<StudentRow> {
  authorize(actor, "students.manage");
  return forTenant(actor, async () => {
    const t = actor.tenantId;
    const [row] = await rows<Row>(
      db(),
      sql`select ${columns(t)} from students s ${locationJoin(t)}
        where s.tenant_id = ${t} and s.merged_into_student_id is null and ${inReach(actor)} and ${match} limit 1`,
    );
    if (!row) throw notFound();
    if (view)
      await writeAudit(actor, [{ action: "view", entityType: "student", entityId: row.id, studentId: row.id, details: view.details ?? {} }], view.origin);
    return toStudent(row, today);
  });
}

/**
 * A person's read of a student record (FERPA 34 CFR 99.32): the reading service writes a "view" audit
 * row in the read's transaction, with where it was read (ids and names of pages only).
 */
export interface StudentView {
  origin: AuditOrigin;
  details?: Record<string, unknown>;
}

/** One student within reach; `view`: a person reads it (audited), not the code's own lookup. */
export const getStudent = (actor: Actor, id: number, today = new Date(), view?: StudentView) => findOne(actor, sql`s.id = ${id}`, today, view);

/** GET /students/ssid/{stateId}: exact state id (text: "000123" is not "123"). */
export const getStudentByStateId = (actor: Actor, stateId: string, today = new Date(), view?: StudentView) =>
  findOne(actor, sql`s.tenant_unique_id = ${stateId}`, today, view);
