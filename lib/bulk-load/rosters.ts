import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { EMAIL_FORMAT, EMAIL_PATTERN } from "@/lib/auth/messages";
import { assignToTeacher, teacherAt } from "@/lib/enrollments/rosters";
import { associationBody } from "@/lib/enrollments/schemas";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { issueReasons, rowLoader, type Checked, type Good, type Outcome } from "./per-row";
import { ROSTER_COLUMNS } from "./rosters-columns";

/**
 * Type `rosters`: a row puts a child (by state id) on a teacher's roster (by email or tenant member
 * id) at a school, through the rosters API's assignToTeacher: the school within reach, the child's
 * enrollment there within reach and active, the user a ROLE_TEACHER member of the school; its
 * messages and audit row. The same pair again is the API's 409: already in place, unchanged.
 * A set-based pass first loads the rows that meet all of those rules in one statement (with the
 * same audit rows), so a district's roster file takes seconds; only the rest go row by row.
 */

type Row = { stateId: string; locationId: number; email: string | null; memberId: string | null };

const STATE_ID_MAX = 50;
const locationId = associationBody.shape.parentLocationId;

function check(cell: (name: string) => string): Checked<Row> {
  const problems: string[] = [];
  const stateId = cell("studentStateId").trim();
  if (!stateId) problems.push("studentStateId: Is required");
  else if (stateId.length > STATE_ID_MAX) problems.push("studentStateId: Is too long");
  const location = locationId.safeParse(cell("locationId").trim());
  if (!location.success) problems.push(issueReasons(location.error.issues, () => "locationId"));
  const email = cell("teacherEmail").trim().toLowerCase() || null;
  const memberId = cell("teacherTenantMemberId").trim() || null;
  if (!email && !memberId) problems.push("teacherEmail: Is required (or teacherTenantMemberId)");
  else if (email && !EMAIL_PATTERN.test(email)) problems.push(`teacherEmail: ${EMAIL_FORMAT}`);
  if (problems.length || !location.success) return { ok: false, reason: problems.join("; ") };
  return { ok: true, row: { stateId, locationId: location.data, email, memberId } };
}

/**
 * The set-based pass: rows whose school is within reach, whose child (not merged away) has an active
 * enrollment there and whose teacher (the same choice as apply's) is an enabled ROLE_TEACHER member
 * of it. New pairs are inserted with their audit rows (as writeAudit writes them) in one statement;
 * pairs already on the roster, or repeated in the file, are unchanged.
 */
async function bulk(actor: Actor, good: Good<Row>[], origin: AuditOrigin): Promise<Map<number, Outcome>> {
  const t = actor.tenantId;
  const json = JSON.stringify(good.map(({ line, row }) => ({ l: line, s: row.stateId, k: row.locationId, e: row.email, m: row.memberId })));
  // Staged with statistics: a CTE over the JSON is estimated at 100 rows, and the planner then looked
  // the teacher up again for every row (5,000 rows: 11 s; with the table, once per teacher and school).
  await db().execute(
    sql`create temp table roster_rows on commit drop as select * from json_to_recordset(${json}::json) as x(l int, s text, k int, e text, m text)`,
  );
  await db().execute(sql`analyze roster_rows`);
  const found = await rows<{ line: number; created: boolean }>(
    db(),
    sql`with x as (select * from roster_rows),
      -- A file names few teachers: each (teacher, school) is looked up once, then hash-joined to the rows.
      pairs as materialized (select distinct x.e, x.m, x.k from x),
      tch as materialized (
        select p.e, p.m, p.k, c.id from pairs p
        join lateral (
          select u.id, ${teacherAt(t, sql.raw("u.id"), sql.raw("p.k"))} as teacher from users u where u.tenant_id = ${t} and p.e is not null and lower(u.email) = p.e
          union all
          select u.id, ${teacherAt(t, sql.raw("u.id"), sql.raw("p.k"))} from users u where u.tenant_id = ${t} and p.e is null and u.tenant_member_id = p.m
          order by teacher desc, id limit 1) c on c.teacher),
      ok as (
        select x.l, x.k, e.id as enrollment_id, e.student_id, tch.id as user_id
        from x
        join tch on tch.k = x.k and coalesce(tch.e, '') = coalesce(x.e, '') and coalesce(tch.m, '') = coalesce(x.m, '')
        join locations l on l.tenant_id = ${t} and l.id = x.k and ${locationInReach(actor, sql`l.id`, ADMINISTRATIVE)}
        join students s on s.tenant_id = ${t} and s.tenant_unique_id = x.s and s.merged_into_student_id is null
        join lateral (select e.id, e.student_id, e.active from student_enrollments e where e.tenant_id = ${t} and e.student_id = s.id and e.location_id = x.k
          order by e.active desc, e.id desc limit 1) e on e.active),
      -- New: the first row of a pair not yet on the roster. No join between CTEs below: their row
      -- estimates are 1, and a nested loop over two 10,000-row CTEs is quadratic.
      marked as (
        select ok.*, row_number() over (partition by ok.user_id, ok.enrollment_id order by ok.l) = 1
          and not exists (select 1 from enrollment_associations ea where ea.tenant_id = ${t} and ea.user_id = ok.user_id and ea.student_enrollment_id = ok.enrollment_id) as is_new
        from ok),
      fresh as (select * from marked where is_new),
      ins as (
        insert into enrollment_associations (tenant_id, user_id, student_enrollment_id, location_id)
        select ${t}, f.user_id, f.enrollment_id, f.k from fresh f
        returning id, user_id, student_enrollment_id, location_id),
      aud as (
        insert into audit_log (tenant_id, user_id, impersonator_id, action, entity_type, entity_id, student_id, request_id, details)
        select ${t}::int, ${actor.userId}::int, ${actor.impersonatorId}::int, 'create', 'enrollment_association', i.id, e.student_id, ${origin.requestId ?? null}::text,
          jsonb_build_object('userId', i.user_id, 'studentEnrollmentId', i.student_enrollment_id, 'locationId', i.location_id)
        from ins i join student_enrollments e on e.tenant_id = ${t} and e.id = i.student_enrollment_id
        returning 1)
      -- Data-modifying CTEs run to completion whether or not the select reads them.
      select l as line, is_new as created from marked`,
  );
  return new Map(found.map((r) => [r.line, r.created ? "created" : "unchanged"]));
}

export const rostersLoader = rowLoader<Row>({
  columns: ROSTER_COLUMNS,
  key: "studentStateId",
  check,
  async apply(actor, row, origin) {
    const t = actor.tenantId;
    // The ids the API takes; one not found stays 0, which the API answers with its own 404 in its order.
    const [teacher] = await rows<{ id: number }>(
      db(),
      sql`select u.id from users u where u.tenant_id = ${t} and ${row.email ? sql`lower(u.email) = ${row.email}` : sql`u.tenant_member_id = ${row.memberId}`}
        order by ${teacherAt(t, sql.raw("u.id"), sql`${row.locationId}`)} desc, u.id limit 1`,
    );
    const [enrollment] = await rows<{ id: number }>(
      db(),
      sql`select e.id from students s join student_enrollments e on e.tenant_id = ${t} and e.student_id = s.id and e.location_id = ${row.locationId}
        where s.tenant_id = ${t} and s.tenant_unique_id = ${row.stateId} and s.merged_into_student_id is null
        order by e.active desc, e.id desc limit 1`,
    );
    await assignToTeacher(actor, { userId: teacher?.id ?? 0, studentEnrollmentId: enrollment?.id ?? 0, parentLocationId: row.locationId }, origin);
    return "created";
  },
  bulk,
  already: (error) => error.status === 409,
  columnOf(error, row) {
    const field = error.errors?.[0]?.field;
    const teacherColumn = row.email ? "teacherEmail" : "teacherTenantMemberId";
    if (field === "userId" || error.message === "Teacher not found") return teacherColumn;
    if (field === "studentEnrollmentId" || error.message === "Enrollment not found") return "studentStateId";
    return "locationId";
  },
});
