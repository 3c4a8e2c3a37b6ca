import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { enrollmentInScope, field, requireCollection, type Column, type ReportContext, type Row } from "./sheet";

/**
 * What the collection reports share: the children assigned to the collection within the report's
 * scope (one row each, with their school, teachers and stored results), the collection's domains
 * and items in order, and the performance levels of the assessment's configuration.
 */

export interface Domain {
  code: string;
  label: string;
}

export interface Item {
  code: string;
  label: string;
  domain: string;
}

/** The collection's domains (top-level hierarchy items) and items, in the collection's order. */
export async function collectionItems(context: ReportContext): Promise<{ domains: Domain[]; items: Item[] }> {
  const collection = requireCollection(context);
  const found = await rows<{ code: string; label: string; domain: string | null; domain_label: string | null }>(
    db(),
    sql`select ai.code, ai.label, coalesce(root.code, h.code) as domain, coalesce(root.label, h.label) as domain_label
      from data_collection_items ci
      join assessment_items ai on ai.id = ci.assessment_item_id
      left join assessment_hierarchy_items h on h.id = coalesce(ci.hierarchy_item_id, ai.hierarchy_item_id)
      left join assessment_hierarchy_items root on root.id = h.parent_id
      where ci.tenant_id = ${context.tenantId} and ci.data_collection_id = ${collection.id}
      order by ci.sort_order, ai.code`,
  );
  const domains: Domain[] = [];
  for (const r of found) {
    if (r.domain && !domains.some((d) => d.code === r.domain)) domains.push({ code: r.domain, label: r.domain_label ?? r.domain });
  }
  return { domains, items: found.map((r) => ({ code: r.code, label: r.label, domain: r.domain ?? "" })) };
}

interface Level {
  code: string;
  label: string;
}

/** The assessment's performance levels (configuration.performanceLevels), in order. */
export function performanceLevels(context: ReportContext): Level[] {
  const levels = requireCollection(context).configuration.performanceLevels;
  if (!Array.isArray(levels)) return [];
  return levels.filter((l): l is Level => typeof l?.code === "string").map((l) => ({ code: l.code, label: typeof l.label === "string" ? l.label : l.code }));
}

/** The level's label in the configuration's words, else its code. */
export function levelLabel(context: ReportContext, code: unknown): string | null {
  if (typeof code !== "string") return null;
  return performanceLevels(context).find((l) => l.code === code)?.label ?? code;
}

/** A child's teachers, "Last, First" joined by semicolons. */
const teachersOf = (t: number) => sql`(select string_agg(u.last_name || ', ' || u.first_name, '; ' order by u.last_name, u.first_name)
  from enrollment_associations ea join users u on u.tenant_id = ${t} and u.id = ea.user_id
  where ea.tenant_id = ${t} and ea.student_enrollment_id = e.id)`;

/** Item code to scale entry code of one child's grades in the collection. */
export const itemCodesOf = (t: number, c: number) => sql`(select jsonb_object_agg(ai.code, se.code)
  from scores sc join assessment_items ai on ai.id = sc.assessment_item_id join scale_entries se on se.id = sc.scale_entry_id
  where sc.tenant_id = ${t} and sc.data_collection_id = ${c} and sc.student_enrollment_id = e.id)`;

/**
 * One row per child assigned to the collection in scope (active enrollments), ordered by district,
 * school and name. `extra` adds select-list entries that may use the aliases e, s, l, d and r.
 */
export function assignedChildren(context: ReportContext, extra: SQL = sql``): SQL {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  return sql`select e.id as enrollment_id, s.tenant_unique_id as state_id, s.last_name, s.first_name, s.middle_name, s.dob::text as dob,
      s.gender::text as gender, d.name as district, d.unique_id as district_code, l.name as location, l.unique_id as location_code,
      ${teachersOf(t)} as teachers, coalesce(r.scored_items, 0) as scored_items, coalesce(r.total_items, 0) as total_items,
      coalesce(r.progress, 0) as progress, r.overall_score, r.performance_level, coalesce(r.domain_scores, '{}'::jsonb) as domain_scores ${extra}
    from student_data_collection_assignments a
    join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id
    join students s on s.tenant_id = ${t} and s.id = e.student_id
    join locations l on l.tenant_id = ${t} and l.id = e.location_id
    join districts d on d.tenant_id = ${t} and d.id = e.district_id
    left join student_results r on r.tenant_id = ${t} and r.data_collection_id = ${c} and r.student_enrollment_id = e.id
    where a.tenant_id = ${t} and a.data_collection_id = ${c} and e.active and ${enrollmentInScope(context)}
    order by d.name, l.name, lower(s.last_name), lower(s.first_name), e.id`;
}

/** The columns naming a child and their school, first in every per-child report. */
export const CHILD_COLUMNS: Column[] = [
  field("State ID", "state_id", { text: true, width: 14 }),
  field("Last Name", "last_name", { width: 18 }),
  field("First Name", "first_name", { width: 16 }),
  field("District", "district", { width: 24 }),
  field("Location", "location", { width: 28 }),
  field("Teacher", "teachers", { width: 24 }),
];

export const domainScore = (code: string) => (row: Row) => {
  const scores = row.domain_scores as Record<string, unknown> | null;
  const value = scores?.[code];
  return typeof value === "number" ? value : null;
};

export const itemCode = (code: string) => (row: Row) => {
  const items = row.item_codes as Record<string, unknown> | null;
  const value = items?.[code];
  return typeof value === "string" ? value : null;
};
