import "server-only";
import { sql } from "drizzle-orm";
import { CHILD_COLUMNS, assignedChildren, collectionItems, domainScore, itemCode, itemCodesOf, levelLabel } from "./collection-content";
import { field, requireCollection, type Column, type ReportContext, type Sheet } from "./sheet";

/** Reports with one row per child assigned to the collection (within the requester's scope). */

/**
 * The scale score report (kra.ssr, ela.ssr, the teacher's kra-data-results): every child, progress,
 * overall and domain scale scores, the performance level and every item's grade code. `domain`
 * narrows it to one domain's score and items (language and literacy reports); `ratingsOnly` keeps
 * the item grades only (ELA skill ratings).
 */
export async function scaleScoreSheet(context: ReportContext, options: { domain?: string; ratingsOnly?: boolean } = {}): Promise<Sheet> {
  const { domains, items } = await collectionItems(context);
  const shownDomains = options.domain ? domains.filter((d) => d.code === options.domain) : domains;
  const shownItems = options.domain ? items.filter((i) => i.domain === options.domain) : items;
  const columns: Column[] = [...CHILD_COLUMNS];
  if (!options.ratingsOnly) {
    columns.push(field("Items Scored", "scored_items"), field("Total Items", "total_items"), field("Progress %", "progress"));
    if (!options.domain) {
      columns.push(field("Overall Scale Score", "overall_score"), {
        header: "Performance Level",
        value: (row) => levelLabel(context, row.performance_level),
        width: 24,
      });
    }
    for (const d of shownDomains) columns.push({ header: `${d.code} Scale Score`, value: domainScore(d.code) });
  }
  for (const i of shownItems) columns.push({ header: i.code, value: itemCode(i.code), text: true, width: 8 });
  const c = requireCollection(context).id;
  return { name: "Students", columns, query: assignedChildren(context, sql`, ${itemCodesOf(context.tenantId, c)} as item_codes`) };
}

/** kra.enhancedcompletion: each child's progress and when they were last scored. */
export function enhancedCompletionSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  const lastScored = sql`, (select max(sc.updated_at)::date::text from scores sc where sc.tenant_id = ${t} and sc.data_collection_id = ${c} and sc.student_enrollment_id = e.id) as last_scored`;
  return {
    name: "Completion",
    columns: [
      ...CHILD_COLUMNS,
      field("Items Scored", "scored_items"),
      field("Total Items", "total_items"),
      field("Progress %", "progress"),
      { header: "Complete", value: (row) => (Number(row.progress) === 100 ? "Yes" : "No") },
      field("Last Scored", "last_scored", { width: 12 }),
    ],
    query: assignedChildren(context, lastScored),
  };
}

/** kra.studentsenrollments: each assigned child's demographics and enrollment. */
export function studentsEnrollmentsSheet(context: ReportContext): Sheet {
  const extra = sql`, s.english_language_learner as ell, s.low_ses, s.special_education, s.special_education_disability_code as disability_code,
    s.race, e.is_point_of_authority as poa, e.prior_care, a.teacher_type::text as teacher_type, a.created_at::date::text as assigned_on`;
  return {
    name: "Students and Enrollments",
    columns: [
      field("State ID", "state_id", { text: true, width: 14 }),
      field("Last Name", "last_name", { width: 18 }),
      field("First Name", "first_name", { width: 16 }),
      field("Middle Name", "middle_name", { width: 14 }),
      field("Birth Date", "dob", { width: 12 }),
      field("Gender", "gender"),
      field("ELL", "ell"),
      field("Low SES", "low_ses"),
      field("Special Education", "special_education"),
      field("Disability Code", "disability_code", { text: true }),
      field("Race Code", "race"),
      field("District ID", "district_code", { text: true }),
      field("District", "district", { width: 24 }),
      field("Location ID", "location_code", { text: true }),
      field("Location", "location", { width: 28 }),
      field("Point of Authority", "poa"),
      field("Prior Care", "prior_care"),
      field("Teacher", "teachers", { width: 24 }),
      field("Teacher Type", "teacher_type"),
      field("Assigned On", "assigned_on", { width: 12 }),
    ],
    query: assignedChildren(context, extra),
  };
}

/** kra.isrr: each child's ISR status in the collection ('No ISR' until one is generated). */
export function isrStatusSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  const isr = sql`, coalesce((select so.output_status from student_outputs so where so.tenant_id = ${t} and so.data_collection_id = ${c}
      and so.student_id = e.student_id order by so.updated_at desc, so.id desc limit 1), 'No ISR') as isr_status,
    (select max(so.updated_at)::date::text from student_outputs so where so.tenant_id = ${t} and so.data_collection_id = ${c}
      and so.student_id = e.student_id) as isr_updated`;
  return {
    name: "ISR Status",
    columns: [
      ...CHILD_COLUMNS,
      field("Progress %", "progress"),
      field("ISR Status", "isr_status", { width: 12 }),
      field("ISR Updated", "isr_updated", { width: 12 }),
    ],
    query: assignedChildren(context, isr),
  };
}

/** ela-milestone (teacher): each rostered child's captured milestones. */
export function milestonesSheet(context: ReportContext): Sheet {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  const captured = sql`, (select string_agg(tm.label || ' (' || sm.captured_at::date::text || ')', '; ' order by tm.sort_order, tm.label)
      from score_milestones sm join tenant_milestones tm on tm.tenant_id = ${t} and tm.id = sm.tenant_milestone_id
      where sm.tenant_id = ${t} and sm.data_collection_id = ${c} and sm.student_id = e.student_id) as milestones,
    (select count(*) from score_milestones sm where sm.tenant_id = ${t} and sm.data_collection_id = ${c} and sm.student_id = e.student_id) as milestone_count`;
  return {
    name: "Milestones",
    columns: [
      ...CHILD_COLUMNS,
      field("Progress %", "progress"),
      field("Milestones Captured", "milestone_count"),
      field("Milestones", "milestones", { width: 48 }),
    ],
    query: assignedChildren(context, captured),
  };
}
