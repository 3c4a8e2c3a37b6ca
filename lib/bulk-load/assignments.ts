import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { TEACHER_TYPES } from "@/db/schema";
import { assignCollection, assignedToPlace } from "@/lib/enrollments/assignments";
import { assignmentBody, id } from "@/lib/enrollments/schemas";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { ASSIGNMENT_COLUMNS } from "./assignments-columns";
import { issueReasons, rowLoader, type Checked, type Good, type Outcome } from "./per-row";

/**
 * Type `assignments`: a row assigns a child's enrollment (by state id, at the row's school or else the
 * child's point of authority) to a data collection, through the collection-assignment API's
 * assignCollection: the enrollment within reach and active, the collection assigned to its school
 * and open for enrollment; its messages and audit row. Already assigned is the API's 409: unchanged.
 * A set-based pass first loads the rows that meet all of those rules in one statement (with the same
 * audit rows), so a state's file of 100,000 assignments needs no savepoint per row; only the rest go
 * row by row, where the API words each refusal.
 */

type Row = { stateId: string; locationId: number | null; dataCollectionId: number; teacherType: (typeof TEACHER_TYPES)[number] };

const STATE_ID_MAX = 50;
const body = assignmentBody.pick({ parentDataCollectionId: true, teacherType: true });

function check(cell: (name: string) => string): Checked<Row> {
  const problems: string[] = [];
  const stateId = cell("studentStateId").trim();
  if (!stateId) problems.push("studentStateId: Is required");
  else if (stateId.length > STATE_ID_MAX) problems.push("studentStateId: Is too long");
  const parsed = body.safeParse({ parentDataCollectionId: cell("dataCollectionId").trim(), teacherType: cell("teacherType").trim() || undefined });
  if (!parsed.success) problems.push(issueReasons(parsed.error.issues, (path) => (path[0] === "teacherType" ? "teacherType" : "dataCollectionId")));
  const locationText = cell("locationId").trim();
  const location = locationText ? id.safeParse(locationText) : null;
  if (location && !location.success) problems.push(issueReasons(location.error.issues, () => "locationId"));
  if (problems.length || !parsed.success) return { ok: false, reason: problems.join("; ") };
  return {
    ok: true,
    row: { stateId, locationId: location?.data ?? null, dataCollectionId: parsed.data.parentDataCollectionId, teacherType: parsed.data.teacherType },
  };
}

/**
 * The set-based pass: the enrollment apply would take (same choice and order), within reach and
 * active; the collection not deleted, assigned to the enrollment's school and open for enrollment.
 * New pairs are inserted with their tokens and audit rows (as writeAudit writes them) in one
 * statement; pairs already assigned, or repeated in the file, are unchanged.
 */
async function bulk(actor: Actor, good: Good<Row>[], origin: AuditOrigin): Promise<Map<number, Outcome>> {
  const t = actor.tenantId;
  const json = JSON.stringify(good.map(({ line, row }) => ({ l: line, s: row.stateId, k: row.locationId, c: row.dataCollectionId, tt: row.teacherType })));
  const found = await rows<{ line: number; created: boolean }>(
    db(),
    sql`with x as (select * from json_to_recordset(${json}::json) as x(l int, s text, k int, c int, tt teacher_type)),
      ok as (
        select x.l, x.c, x.tt, e.id as enrollment_id, e.student_id
        from x
        join students s on s.tenant_id = ${t} and s.tenant_unique_id = x.s and s.merged_into_student_id is null
        join lateral (select e.id, e.student_id, e.location_id, e.active from student_enrollments e where e.tenant_id = ${t} and e.student_id = s.id
          and case when x.k is null then e.is_point_of_authority else e.location_id = x.k end
          order by e.active desc, e.id desc limit 1) e on e.active and ${locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE)}
        join locations l on l.tenant_id = ${t} and l.id = e.location_id
        join districts d on d.tenant_id = ${t} and d.id = l.district_id
        join data_collections c on c.tenant_id = ${t} and c.id = x.c and c.deleted_at is null and c.enrollment_end_date >= now()
          and ${assignedToPlace(t, { location: sql.raw("l.id"), district: sql.raw("l.district_id"), region: sql.raw("d.region_id") })}),
      -- New: the first row of a pair not yet assigned (no join between CTEs: see rosters.ts).
      marked as (
        select ok.*, row_number() over (partition by ok.enrollment_id, ok.c order by ok.l) = 1
          and not exists (select 1 from student_data_collection_assignments a where a.tenant_id = ${t} and a.data_collection_id = ok.c and a.student_enrollment_id = ok.enrollment_id) as is_new
        from ok),
      ins as (
        insert into student_data_collection_assignments (tenant_id, student_enrollment_id, data_collection_id, teacher_type, token)
        select ${t}, m.enrollment_id, m.c, m.tt, gen_random_uuid()::text from marked m where m.is_new
        returning id, student_enrollment_id, data_collection_id, teacher_type),
      aud as (
        insert into audit_log (tenant_id, user_id, impersonator_id, action, entity_type, entity_id, student_id, request_id, details)
        select ${t}::int, ${actor.userId}::int, ${actor.impersonatorId}::int, 'create', 'data_collection_assignment', i.id, e.student_id, ${origin.requestId ?? null}::text,
          jsonb_build_object('studentEnrollmentId', i.student_enrollment_id, 'dataCollectionId', i.data_collection_id, 'teacherType', i.teacher_type)
        from ins i join student_enrollments e on e.tenant_id = ${t} and e.id = i.student_enrollment_id
        returning 1)
      select l as line, is_new as created from marked`,
  );
  return new Map(found.map((r) => [r.line, r.created ? "created" : "unchanged"]));
}

export const assignmentsLoader = rowLoader<Row>({
  columns: ASSIGNMENT_COLUMNS,
  key: "studentStateId",
  check,
  async apply(actor, row, origin) {
    const t = actor.tenantId;
    // The enrollment the API takes; none found stays 0, which the API answers with its own 404.
    const [enrollment] = await rows<{ id: number }>(
      db(),
      sql`select e.id from students s join student_enrollments e on e.tenant_id = ${t} and e.student_id = s.id
          and ${row.locationId === null ? sql`e.is_point_of_authority` : sql`e.location_id = ${row.locationId}`}
        where s.tenant_id = ${t} and s.tenant_unique_id = ${row.stateId} and s.merged_into_student_id is null
        order by e.active desc, e.id desc limit 1`,
    );
    await assignCollection(
      actor,
      { studentEnrollmentId: enrollment?.id ?? 0, parentDataCollectionId: row.dataCollectionId, teacherType: row.teacherType },
      origin,
    );
    return "created";
  },
  bulk,
  already: (error) => error.status === 409,
  columnOf(error) {
    const message = error.errors?.[0]?.message ?? error.message;
    if (message === "Enrollment not found" || message === "The enrollment is not active") return "studentStateId";
    return "dataCollectionId";
  },
});
