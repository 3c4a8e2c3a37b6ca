import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../client";

/**
 * Assignments and scores are written set-based inside the database (INSERT ... SELECT): millions of
 * score rows never travel through Node. Choices come from hashint8extended (the same on PostgreSQL
 * 15 and PGlite), so a seed always gives the same scores on a fresh database.
 */
const unit = (expr: SQL, salt: number) => sql`(((hashint8extended((${expr})::bigint, ${salt}::bigint) % 1000000) + 1000000) % 1000000)::int`;

interface EnrollmentRange {
  from: number;
  to: number;
}

const inRange = (column: SQL, range?: EnrollmentRange) => (range ? sql`and ${column} between ${range.from} and ${range.to}` : sql``);

/** Assign every active point-of-authority enrollment of the tenant to the collection (teacher type Primary). */
export async function assignEnrollments(executor: Executor, input: { tenantId: number; collectionId: number; tokenSalt: string; createdAt: Date }) {
  const { tenantId, collectionId } = input;
  await executor.execute(sql`
    insert into student_data_collection_assignments (tenant_id, student_enrollment_id, data_collection_id, teacher_type, token, created_at)
    select e.tenant_id, e.id, ${collectionId}, 'Primary',
      upper(substr(md5(${input.tokenSalt} || ':' || ${collectionId}::text || ':' || e.id::text), 1, 12)), ${input.createdAt.toISOString()}::timestamptz
    from student_enrollments e
    where e.tenant_id = ${tenantId} and e.active and e.is_point_of_authority
    order by e.id`);
}

/**
 * Enter about half of a collection's scores, the way a window looks in its middle: a quarter of
 * the children fully scored, a quarter not started, the rest part-way through the items in order.
 * Stronger children (a per-child ability) get higher ratings, skewed upwards as most children are
 * ready in most skills; about 4% of ratings on scales with
 * codes such as N or NE use a code. Times spread over the window so far, most in its middle.
 */
export async function enterScores(
  executor: Executor,
  input: { tenantId: number; collectionId: number; salt: number; now: Date; range?: EnrollmentRange },
): Promise<void> {
  const { tenantId: t, collectionId: c, salt } = input;
  const cell = sql`k.eid * 1000 + i.rank`;
  await executor.execute(sql`
    with items as (
      select ci.assessment_item_id, (row_number() over (order by ci.sort_order, ci.id) - 1)::int as rank,
        array(select se.id from scale_entries se where se.scale_id = coalesce(ci.scale_id, ai.scale_id) and se.score is not null order by se.score, se.sort_order) as rated,
        array(select se.id from scale_entries se where se.scale_id = coalesce(ci.scale_id, ai.scale_id) and se.score is null order by se.sort_order) as codes
      from data_collection_items ci join assessment_items ai on ai.id = ci.assessment_item_id
      where ci.tenant_id = ${t} and ci.data_collection_id = ${c}
    ), n as (select count(*)::int as n from items),
    w as (
      select cycle_start_date as start, greatest(least(cycle_end_date, ${input.now.toISOString()}::timestamptz) - cycle_start_date, interval '0') as span
      from data_collections where tenant_id = ${t} and id = ${c}
    ), kids as (
      select a.student_enrollment_id as eid,
        (select ea.user_id from enrollment_associations ea
          where ea.tenant_id = ${t} and ea.student_enrollment_id = a.student_enrollment_id order by ea.id limit 1) as teacher,
        ${unit(sql`a.student_enrollment_id`, salt)} as progress,
        ${unit(sql`a.student_enrollment_id`, salt + 1)} / 1000000.0 as ability
      from student_data_collection_assignments a
      where a.tenant_id = ${t} and a.data_collection_id = ${c} ${inRange(sql`a.student_enrollment_id`, input.range)}
    ), k as (
      select kids.*, case when progress < 250000 then 0 when progress >= 750000 then n.n
        else floor((progress - 250000) / 500000.0 * n.n)::int end as scored_items
      from kids, n
    ), picked as (
      select k.eid, k.teacher, i.assessment_item_id,
        case when cardinality(i.codes) > 0 and ${unit(cell, salt + 2)} < 40000
          then i.codes[1 + ${unit(cell, salt + 3)} % cardinality(i.codes)]
          else i.rated[1 + least(cardinality(i.rated) - 1, floor(sqrt((k.ability + ${unit(cell, salt + 4)} / 1000000.0) / 2) * cardinality(i.rated))::int)]
        end as scale_entry_id,
        w.start + w.span * ((${unit(cell, salt + 5)} + ${unit(cell, salt + 6)}) / 2000000.0) as at
      from k join items i on i.rank < k.scored_items cross join w
    )
    insert into scores (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, entered_by, created_at, updated_at)
    select ${t}, ${c}, eid, assessment_item_id, scale_entry_id, teacher, at, at
    from picked
    order by eid, assessment_item_id`);
}

/** The grade history's 'create' row of every score entered by enterScores. */
export async function recordScoreHistory(executor: Executor, input: { tenantId: number; collectionId: number; range?: EnrollmentRange }) {
  await executor.execute(sql`
    insert into score_history (tenant_id, score_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, comment, action, changed_by, changed_at)
    select tenant_id, id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, comment, 'create', entered_by, created_at
    from scores
    where tenant_id = ${input.tenantId} and data_collection_id = ${input.collectionId} ${inRange(sql`student_enrollment_id`, input.range)}
    order by id`);
}

/** About one child in twenty uses one of the collection's supports (sign language, enlarged print ...). */
export async function recordSupports(executor: Executor, input: { tenantId: number; collectionId: number; supportIds: number[]; salt: number }) {
  if (!input.supportIds.length) return;
  const ids = sql`${`{${input.supportIds.join(",")}}`}::int[]`;
  await executor.execute(sql`
    insert into student_supports (tenant_id, assignment_id, support_id)
    select a.tenant_id, a.id, (${ids})[1 + ${unit(sql`a.id`, input.salt + 1)} % ${input.supportIds.length}]
    from student_data_collection_assignments a
    where a.tenant_id = ${input.tenantId} and a.data_collection_id = ${input.collectionId} and ${unit(sql`a.id`, input.salt)} < 50000`);
}
