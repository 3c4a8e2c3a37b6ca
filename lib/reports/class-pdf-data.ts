import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { assignedChildren, collectionItems, itemCodesOf } from "./collection-content";
import { requireCollection, type ReportContext } from "./sheet";

/**
 * What the class PDF reports show, read from the database under the report's tenant: the children
 * assigned to the collection in scope (a teacher: their roster) with their stored results
 * (student_results), and the counts the charts draw. Run inside the job's withTenant.
 */

export interface ReportHeader {
  tenantName: string;
  collectionName: string;
  /** The requesting teacher ("First Last"), or who the report covers for an administrator. */
  className: string;
  schools: string;
  date: string;
  children: number;
  /** Only the priority items are shown (the request's priorityOnly). */
  priorityOnly: boolean;
}

/** One bar of a chart: a count per category, in the legend's order. */
export interface Tally {
  label: string;
  counts: { key: string; count: number }[];
  /** Shown beside the bar (the class mean). */
  note?: string;
}

export interface Category {
  key: string;
  label: string;
}

interface ChildRow {
  enrollment_id: number;
  first_name: string;
  last_name: string;
  location: string;
  overall_score: number | null;
  performance_level: string | null;
  domain_scores: Record<string, number>;
  domain_levels: Record<string, string | null> | null;
  item_codes: Record<string, string> | null;
}

export const NOT_SCORED = "Not scored";
export const NOT_RATED = "Not rated";
/** A score that falls in none of the configured bands. */
const NO_LEVEL = "No level";

const childName = (c: ChildRow) => `${c.last_name}, ${c.first_name}`;

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** The assessment's configuration merged with the collection's own scoring rules, as the results use it. */
const scoringConfig = (t: number, c: number) => sql`(select a.configuration || dc.scoring from data_collections dc
  join assessments a on a.id = dc.assessment_id where dc.tenant_id = ${t} and dc.id = ${c})`;

async function headerOf(context: ReportContext, children: ChildRow[]): Promise<ReportHeader> {
  const t = context.tenantId;
  const [tenant] = await rows<{ name: string }>(db(), sql`select name from tenants where id = ${t}`);
  let className = "All children in your scope";
  if ("teacherId" in context.scope) {
    const [teacher] = await rows<{ name: string }>(
      db(),
      sql`select first_name || ' ' || last_name as name from users where tenant_id = ${t} and id = ${context.scope.teacherId}`,
    );
    if (teacher) className = teacher.name;
  }
  return {
    tenantName: tenant?.name ?? "",
    collectionName: requireCollection(context).name,
    className,
    schools: [...new Set(children.map((c) => c.location))].join(", ") || "-",
    date: dateFormat.format(new Date()),
    children: children.length,
    priorityOnly: context.priorityOnly === true,
  };
}

/** The assigned children in scope, each domain's level from its stored scale score and the configured bands. */
function readChildren(context: ReportContext): Promise<ChildRow[]> {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  const extra = sql`, (select jsonb_object_agg(ds.key, result_performance_level(${scoringConfig(t, c)}, ds.value::numeric::integer))
      from jsonb_each_text(coalesce(r.domain_scores, '{}'::jsonb)) ds) as domain_levels, ${itemCodesOf(t, c)} as item_codes`;
  return rows<ChildRow>(db(), assignedChildren(context, extra));
}

async function levelsOf(context: ReportContext): Promise<Category[]> {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  const [found] = await rows<{ levels: unknown }>(db(), sql`select ${scoringConfig(t, c)} -> 'performanceLevels' as levels`);
  const levels = Array.isArray(found?.levels) ? (found.levels as { code?: unknown; label?: unknown }[]) : [];
  return levels
    .filter((l): l is { code: string; label?: unknown } => typeof l?.code === "string")
    .map((l) => ({ key: l.code, label: typeof l.label === "string" ? l.label : l.code }));
}

const mean = (values: number[]) => (values.length ? Math.round((10 * values.reduce((a, b) => a + b, 0)) / values.length) / 10 : null);

interface DomainCell {
  score: number | null;
  level: string | null;
}

export interface DomainReport {
  header: ReportHeader;
  /** The performance levels, then "No level" when a score falls outside them, then "Not scored". */
  categories: Category[];
  /** Overall first, then each domain: children per category and the class mean scale score. */
  bars: (Tally & { code: string; mean: number | null })[];
  children: { name: string; cells: Record<string, DomainCell> }[];
}

/** domain-data: per domain (and overall), the class's children by performance level and the mean scale score. */
export async function domainReport(context: ReportContext): Promise<DomainReport> {
  const children = await readChildren(context);
  const { domains } = await collectionItems(context);
  const levels = await levelsOf(context);
  const label = (code: string | null) => (code === null ? NO_LEVEL : (levels.find((l) => l.key === code)?.label ?? code));
  const parts = [{ code: "OVERALL", label: "Overall" }, ...domains];
  const cellOf = (child: ChildRow, code: string): DomainCell => {
    if (code === "OVERALL") return { score: child.overall_score, level: child.overall_score === null ? null : label(child.performance_level) };
    const score = typeof child.domain_scores[code] === "number" ? child.domain_scores[code] : null;
    return { score, level: score === null ? null : label(child.domain_levels?.[code] ?? null) };
  };
  const rowsOf = children.map((child) => ({ name: childName(child), cells: Object.fromEntries(parts.map((p) => [p.code, cellOf(child, p.code)])) }));
  const anyUnbanded = rowsOf.some((r) => Object.values(r.cells).some((cell) => cell.level === NO_LEVEL));
  const categories = [
    ...levels.map((l) => ({ key: l.label, label: l.label })),
    ...(anyUnbanded ? [{ key: NO_LEVEL, label: NO_LEVEL }] : []),
    { key: NOT_SCORED, label: NOT_SCORED },
  ];
  const bars = parts.map((part) => {
    const cells = rowsOf.map((r) => r.cells[part.code]);
    const scores = cells.flatMap((cell) => (cell.score === null ? [] : [cell.score]));
    const m = mean(scores);
    return {
      code: part.code,
      label: part.code === "OVERALL" ? part.label : `${part.label} (${part.code})`,
      mean: m,
      note: m === null ? "Mean: -" : `Mean: ${m}`,
      counts: categories.map((cat) => ({ key: cat.key, count: cells.filter((cell) => (cell.level ?? NOT_SCORED) === cat.key).length })),
    };
  });
  return { header: await headerOf(context, children), categories, bars, children: rowsOf };
}

interface Skill {
  code: string;
  label: string;
  scaleId: number | null;
}

interface SkillScale {
  id: number;
  label: string;
  entries: Category[];
}

export interface SkillsReport {
  header: ReportHeader;
  scales: SkillScale[];
  /** Item sets in priority order (skills in no set last, as "Other skills"), each skill's children per rating. */
  sets: { label: string; skills: Skill[]; bars: Tally[] }[];
  /** Each child's rating code per skill (absent: not rated). */
  children: { name: string; ratings: Record<string, string> }[];
}

const OTHER_SKILLS = "Other skills";

/** Condition on `ci`: its item is in the collection's first set by priority (the scoring screen's "Priority items only"). */
const priorityItem = (t: number, c: number) => sql`and exists (select 1 from data_collection_set_items si
  where si.tenant_id = ${t} and si.assessment_item_id = ci.assessment_item_id
    and si.set_id = (select s.id from data_collection_sets s where s.tenant_id = ${t} and s.data_collection_id = ${c} order by s.priority, s.id limit 1))`;

/** ela-class-skb: per item set and skill, how many of the class's children are at each rating. */
export async function skillsReport(context: ReportContext): Promise<SkillsReport> {
  const t = context.tenantId;
  const c = requireCollection(context).id;
  const children = await readChildren(context);
  const items = await rows<{
    code: string;
    label: string;
    scale_id: number | null;
    set_label: string | null;
    set_priority: number | null;
    set_id: number | null;
  }>(
    db(),
    sql`select ai.code, ai.label, coalesce(ci.scale_id, ai.scale_id) as scale_id, st.label as set_label, st.priority as set_priority, st.id as set_id
      from data_collection_items ci
      join assessment_items ai on ai.id = ci.assessment_item_id
      left join lateral (
        select s.id, s.label, s.priority from data_collection_set_items si
        join data_collection_sets s on s.tenant_id = ${t} and s.id = si.set_id and s.data_collection_id = ${c}
        where si.tenant_id = ${t} and si.assessment_item_id = ci.assessment_item_id
        order by s.priority, s.label, s.id limit 1) st on true
      where ci.tenant_id = ${t} and ci.data_collection_id = ${c} ${context.priorityOnly ? priorityItem(t, c) : sql``}
      order by st.priority nulls last, st.label, st.id, ci.sort_order, ai.code`,
  );
  const scaleIds = [...new Set(items.flatMap((i) => (i.scale_id === null ? [] : [i.scale_id])))];
  const entries = scaleIds.length
    ? await rows<{ scale_id: number; scale_label: string; code: string; label: string }>(
        db(),
        sql`select se.scale_id, sc.label as scale_label, se.code, se.label from scale_entries se join scales sc on sc.id = se.scale_id
          where se.scale_id = any(${`{${scaleIds.join(",")}}`}::int[]) order by se.scale_id, se.sort_order, se.id`,
      )
    : [];
  const scales: SkillScale[] = scaleIds.map((id) => {
    const own = entries.filter((e) => e.scale_id === id);
    return { id, label: own[0]?.scale_label ?? "Ratings", entries: own.map((e) => ({ key: e.code, label: e.label })) };
  });
  const ratings = children.map((child) => ({ name: childName(child), ratings: child.item_codes ?? {} }));
  const sets: SkillsReport["sets"] = [];
  for (const item of items) {
    const setLabel = item.set_label ?? OTHER_SKILLS;
    let set = sets.find((s) => s.label === setLabel);
    if (!set) sets.push((set = { label: setLabel, skills: [], bars: [] }));
    const scale = scales.find((s) => s.id === item.scale_id);
    const keys = [...(scale?.entries.map((e) => e.key) ?? []), NOT_RATED];
    const given = ratings.map((r) => r.ratings[item.code] ?? NOT_RATED);
    // A code off the item's scale (a rating given before the scale changed) still counts, after the scale's own.
    for (const code of given) if (!keys.includes(code)) keys.splice(keys.length - 1, 0, code);
    set.skills.push({ code: item.code, label: item.label, scaleId: item.scale_id });
    set.bars.push({ label: `${item.code} ${item.label}`, counts: keys.map((key) => ({ key, count: given.filter((g) => g === key).length })) });
  }
  return { header: await headerOf(context, children), scales, sets, children: ratings };
}
