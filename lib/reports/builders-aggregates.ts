import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { collectionItems, performanceLevels } from "./collection-content";
import { enrollmentInScope, field, requireCollection, type Column, type ReportContext, type Sheet } from "./sheet";

/** Reports that count: per teacher, school, district, item set. Sums of the stored results (student_results). */

/** The children assigned to the collection in scope, with their stored results (CTE `kids`). */
function kids(context: ReportContext): SQL {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  return sql`kids as (
    select e.id as eid, e.student_id, e.location_id, e.district_id, coalesce(r.scored_items, 0) as scored, coalesce(r.total_items, 0) as total,
      coalesce(r.progress, 0) as progress, r.overall_score, r.performance_level, coalesce(r.domain_scores, '{}'::jsonb) as domain_scores
    from student_data_collection_assignments a
    join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id
    left join student_results r on r.tenant_id = ${t} and r.data_collection_id = ${c} and r.student_enrollment_id = e.id
    where a.tenant_id = ${t} and a.data_collection_id = ${c} and e.active and ${enrollmentInScope(context)})`;
}

/** Completion sums over a group of kids. */
const COMPLETION = sql`count(*) as students, count(*) filter (where k.progress = 100) as complete,
  sum(k.scored) as scored, sum(k.total) as total, round(100.0 * sum(k.scored) / nullif(sum(k.total), 0), 1) as percent`;

const COMPLETION_COLUMNS: Column[] = [
  field("Students", "students"),
  field("Students Complete", "complete"),
  field("Items Scored", "scored"),
  field("Items To Score", "total"),
  field("Percent Complete", "percent"),
];

/** kra.teachercompletion: per teacher and school. */
export function teacherCompletionSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  return {
    name: "Teacher Completion",
    columns: [
      field("District", "district", { width: 24 }),
      field("Location", "location", { width: 28 }),
      field("Teacher Last Name", "last_name", { width: 18 }),
      field("Teacher First Name", "first_name", { width: 16 }),
      field("Teacher Email", "email", { width: 28 }),
      ...COMPLETION_COLUMNS,
    ],
    query: sql`with ${kids(context)}
      select d.name as district, l.name as location, u.last_name, u.first_name, u.email, ${COMPLETION}
      from kids k
      join enrollment_associations ea on ea.tenant_id = ${t} and ea.student_enrollment_id = k.eid
      join users u on u.tenant_id = ${t} and u.id = ea.user_id
      join locations l on l.tenant_id = ${t} and l.id = ea.location_id
      join districts d on d.tenant_id = ${t} and d.id = l.district_id
      group by d.name, l.name, l.id, u.id, u.last_name, u.first_name, u.email
      order by d.name, l.name, lower(u.last_name), lower(u.first_name), u.id`,
  };
}

/** kra.locationcompletion: per school. */
export function locationCompletionSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  return {
    name: "Location Completion",
    columns: [
      field("District ID", "district_code", { text: true }),
      field("District", "district", { width: 24 }),
      field("Location ID", "location_code", { text: true }),
      field("Location", "location", { width: 28 }),
      ...COMPLETION_COLUMNS,
    ],
    query: sql`with ${kids(context)}
      select d.unique_id as district_code, d.name as district, l.unique_id as location_code, l.name as location, ${COMPLETION}
      from kids k
      join locations l on l.tenant_id = ${t} and l.id = k.location_id
      join districts d on d.tenant_id = ${t} and d.id = l.district_id
      group by d.id, d.unique_id, d.name, l.id, l.unique_id, l.name
      order by d.name, l.name, l.id`,
  };
}

/** kra.districtcompletion: per district. */
export function districtCompletionSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  return {
    name: "District Completion",
    columns: [
      field("District ID", "district_code", { text: true }),
      field("District", "district", { width: 24 }),
      field("Locations", "locations"),
      ...COMPLETION_COLUMNS,
    ],
    query: sql`with ${kids(context)}
      select d.unique_id as district_code, d.name as district, count(distinct k.location_id) as locations, ${COMPLETION}
      from kids k join districts d on d.tenant_id = ${t} and d.id = k.district_id
      group by d.id, d.unique_id, d.name
      order by d.name, d.id`,
  };
}

/** kra.domaindata: per school, the children per performance level and the mean scale scores. */
export async function domainDataSheet(context: ReportContext): Promise<Sheet> {
  const t = context.tenantId;
  const { domains } = await collectionItems(context);
  const levels = performanceLevels(context);
  const levelCounts = levels.map((l, i) => sql`, count(*) filter (where k.performance_level = ${l.code}) as ${sql.identifier(`level_${i}`)}`);
  const domainMeans = domains.map((d, i) => sql`, round(avg((k.domain_scores ->> ${d.code})::numeric), 1) as ${sql.identifier(`domain_${i}`)}`);
  return {
    name: "Domain Data",
    columns: [
      field("District", "district", { width: 24 }),
      field("Location ID", "location_code", { text: true }),
      field("Location", "location", { width: 28 }),
      field("Students", "students"),
      field("Students Scored", "scored_children"),
      field("Mean Overall Scale Score", "mean_overall"),
      ...levels.map((l, i) => field(l.label, `level_${i}`)),
      ...domains.map((d, i) => field(`Mean ${d.code} Scale Score`, `domain_${i}`)),
    ],
    query: sql`with ${kids(context)}
      select d.name as district, l.unique_id as location_code, l.name as location, count(*) as students,
        count(k.overall_score) as scored_children, round(avg(k.overall_score), 1) as mean_overall
        ${sql.join(levelCounts, sql``)} ${sql.join(domainMeans, sql``)}
      from kids k
      join locations l on l.tenant_id = ${t} and l.id = k.location_id
      join districts d on d.tenant_id = ${t} and d.id = l.district_id
      group by d.name, l.id, l.unique_id, l.name
      order by d.name, l.name, l.id`,
  };
}

/** ela.setcompletion: per item set and school, the children who have every item of the set scored. */
export function setCompletionSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  return {
    name: "Set Completion",
    columns: [
      field("Set", "set_label", { width: 24 }),
      field("Priority", "priority"),
      field("Set Items", "set_items"),
      field("District", "district", { width: 24 }),
      field("Location", "location", { width: 28 }),
      field("Students", "students"),
      field("Students Complete", "complete"),
      field("Percent Complete", "percent"),
    ],
    query: sql`with ${kids(context)},
      set_items as (
        select st.id as set_id, si.assessment_item_id from data_collection_sets st
        join data_collection_set_items si on si.tenant_id = ${t} and si.set_id = st.id
        join data_collection_items ci on ci.tenant_id = ${t} and ci.data_collection_id = ${c} and ci.assessment_item_id = si.assessment_item_id
        where st.tenant_id = ${t} and st.data_collection_id = ${c}),
      sizes as (select set_id, count(*) as n from set_items group by set_id),
      scored as (
        select si.set_id, sc.student_enrollment_id as eid, count(*) as n from scores sc
        join set_items si on si.assessment_item_id = sc.assessment_item_id
        where sc.tenant_id = ${t} and sc.data_collection_id = ${c} and sc.student_enrollment_id in (select eid from kids)
        group by si.set_id, sc.student_enrollment_id)
      select st.label as set_label, st.priority, z.n as set_items, d.name as district, l.name as location, count(*) as students,
        count(*) filter (where coalesce(x.n, 0) >= z.n) as complete,
        round(100.0 * count(*) filter (where coalesce(x.n, 0) >= z.n) / count(*), 1) as percent
      from data_collection_sets st
      join sizes z on z.set_id = st.id
      cross join kids k
      join locations l on l.tenant_id = ${t} and l.id = k.location_id
      join districts d on d.tenant_id = ${t} and d.id = l.district_id
      left join scored x on x.set_id = st.id and x.eid = k.eid
      where st.tenant_id = ${t} and st.data_collection_id = ${c}
      group by st.id, st.label, st.priority, z.n, d.name, l.id, l.name
      order by st.priority, st.label, st.id, d.name, l.name, l.id`,
  };
}

/** teacheroutputs: per teacher and school, the children's ISR statuses. */
export function teacherOutputsSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  return {
    name: "Teacher Outputs",
    columns: [
      field("District", "district", { width: 24 }),
      field("Location", "location", { width: 28 }),
      field("Teacher Last Name", "last_name", { width: 18 }),
      field("Teacher First Name", "first_name", { width: 16 }),
      field("Students", "students"),
      field("ISR Generated", "generated"),
      field("ISR Deleted", "deleted"),
      field("No ISR", "none"),
    ],
    query: sql`with ${kids(context)},
      statuses as (
        select k.eid, coalesce((select so.output_status from student_outputs so where so.tenant_id = ${t} and so.data_collection_id = ${c}
          and so.student_id = k.student_id order by so.updated_at desc, so.id desc limit 1), 'No ISR') as status
        from kids k)
      select d.name as district, l.name as location, u.last_name, u.first_name, count(*) as students,
        count(*) filter (where x.status = 'Generated') as generated, count(*) filter (where x.status = 'Deleted') as deleted,
        count(*) filter (where x.status = 'No ISR') as none
      from statuses x
      join enrollment_associations ea on ea.tenant_id = ${t} and ea.student_enrollment_id = x.eid
      join users u on u.tenant_id = ${t} and u.id = ea.user_id
      join locations l on l.tenant_id = ${t} and l.id = ea.location_id
      join districts d on d.tenant_id = ${t} and d.id = l.district_id
      group by d.name, l.id, l.name, u.id, u.last_name, u.first_name
      order by d.name, l.name, lower(u.last_name), lower(u.first_name), u.id`,
  };
}
