import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import { badRequest, notFound } from "@/lib/platform/errors";
import { rosterArray } from "@/lib/scoring/roster";
import { ADMINISTRATIVE, districtOnPath, locationInReach, regionOnPath } from "@/lib/organisations/reach";
import type { DisplayResult, DisplayRole, DisplayType, DomainStats, Level, Stats, StudentRow, Unit, UnitKind } from "./model";

/**
 * The reads behind a data display. Every figure comes from student_results (one row per child and
 * collection, kept by the score triggers of migration 0009): a state's display groups ~130,000 of
 * those rows once; nothing here reads or counts scores.
 */

export interface Collection {
  id: number;
  name: string;
  levels: Level[];
  pldVersion: number;
  domainVersion: number;
  domains: { code: string; label: string }[];
}

interface Config {
  performanceLevels?: { code?: unknown; label?: unknown; min?: unknown; max?: unknown }[];
  pldVersion?: unknown;
  domainVersion?: unknown;
}

/** The collection's name, its assessment's bands and versions, and its domains (roots of its items). */
export async function collectionFacts(actor: Actor, collectionId: number): Promise<Collection> {
  const t = actor.tenantId;
  // The effective configuration, as refresh_student_results uses it: the collection's own scoring
  // overrides the assessment's key by key (its cut scores give the levels of student_results).
  // Both reads at once (pipelined on the transaction's connection).
  const [[row], domains] = await Promise.all([
    rows<{ id: number; name: string; configuration: Config | null }>(
      db(),
      sql`select dc.id, dc.collection_name as name, coalesce(a.configuration, '{}'::jsonb) || dc.scoring as configuration
      from data_collections dc join assessments a on a.id = dc.assessment_id
      where dc.tenant_id = ${t} and dc.id = ${collectionId} and dc.deleted_at is null`,
    ),
    rows<{ code: string; label: string }>(
      db(),
      sql`select distinct coalesce(root.code, h.code) as code, coalesce(root.label, h.label) as label
      from data_collection_items ci join assessment_items ai on ai.id = ci.assessment_item_id
      join assessment_hierarchy_items h on h.id = coalesce(ci.hierarchy_item_id, ai.hierarchy_item_id)
      left join assessment_hierarchy_items root on root.id = h.parent_id
      where ci.tenant_id = ${t} and ci.data_collection_id = ${collectionId} order by 1`,
    ),
  ]);
  if (!row) throw notFound();
  const config = row.configuration ?? {};
  const levels = (Array.isArray(config.performanceLevels) ? config.performanceLevels : [])
    .filter((l) => typeof l.code === "string" && Number.isFinite(Number(l.min)) && Number.isFinite(Number(l.max)))
    .map((l) => ({ code: String(l.code), label: typeof l.label === "string" ? l.label : String(l.code), min: Number(l.min), max: Number(l.max) }))
    .sort((a, b) => a.min - b.min);
  const version = (v: unknown) => (Number.isInteger(v) ? Number(v) : 1);
  return { id: row.id, name: row.name, levels, pldVersion: version(config.pldVersion), domainVersion: version(config.domainVersion), domains };
}

/** A drill-down position: which unit is shown and what condition picks its children. */
export interface Position {
  kind: UnitKind;
  id: number | null;
  name: string;
  path: DisplayResult["path"];
  /** Condition on the enrollment `e` (and assignment `a`) rows of the unit. */
  where: SQL;
  /** The child units' grouping column and kind; null for a class. */
  childKind: Exclude<UnitKind, "state"> | null;
  /**
   * For a state, region or district: the same unit as a condition on collection_display_totals `t`
   * (migration 0020), whose per-school rows are added up instead of grouping every child's result.
   */
  totals?: SQL;
}

export interface DrillInput {
  regionId?: number;
  districtId?: number;
  locationId?: number;
  teacherId?: number;
}

/** A teacher's display is their class: their rostered children in the collection. */
export function teacherPosition(actor: Actor, collectionId: number): Position {
  const name = "My class";
  return {
    kind: "class",
    id: actor.userId,
    name,
    path: [{ kind: "class", id: actor.userId, name }],
    where: sql`a.student_enrollment_id = any(${rosterArray(actor, collectionId)})`,
    childKind: null,
  };
}

interface Org {
  region_id: number;
  region: string;
  district_id: number | null;
  district: string | null;
  location_id: number | null;
  location: string | null;
  district_in_reach: boolean | null;
  location_in_reach: boolean | null;
}

/**
 * An admin's position from the drill-down parameters: the deepest one given must lie in their reach
 * (404 otherwise) and the ones above it must be its parents. Above the unit, the admin's reach
 * still limits what is counted.
 */
export async function adminPosition(actor: Actor, collectionId: number, input: DrillInput): Promise<Position> {
  const t = actor.tenantId;
  const inReach = locationInReach(actor, sql`e.location_id`, ADMINISTRATIVE);
  const top = { kind: "state" as const, id: null, name: actor.tenantName };
  if (input.teacherId && !input.locationId) throw badRequest("A class needs its school", [{ field: "locationId", message: "Location is required" }]);
  if (input.locationId && !input.districtId) throw badRequest("A school needs its district", [{ field: "districtId", message: "District is required" }]);
  if (input.districtId && !input.regionId) throw badRequest("A district needs its region", [{ field: "regionId", message: "Region is required" }]);
  const totalsInReach = locationInReach(actor, sql`t.location_id`, ADMINISTRATIVE);
  if (!input.regionId) return { ...top, path: [top], where: inReach, childKind: "region", totals: totalsInReach };

  const [org] = await rows<Org>(
    db(),
    sql`select r.id as region_id, r.name as region, d.id as district_id, d.name as district, l.id as location_id, l.name as location,
        ${districtOnPath(actor, sql`d.id`, ADMINISTRATIVE)} as district_in_reach, ${locationInReach(actor, sql`l.id`, ADMINISTRATIVE)} as location_in_reach
      from regions r
      left join districts d on d.tenant_id = ${t} and d.region_id = r.id and d.id = ${input.districtId ?? null}::int
      left join locations l on l.tenant_id = ${t} and l.district_id = d.id and l.id = ${input.locationId ?? null}::int
      where r.tenant_id = ${t} and r.id = ${input.regionId}
        and ${regionOnPath(actor, sql`r.id`, ADMINISTRATIVE)}`,
  );
  if (!org || (input.districtId && !org.district_id) || (input.locationId && !org.location_id)) throw notFound();
  if (org.district_id && !org.district_in_reach) throw notFound();
  if (org.location_id && !org.location_in_reach) throw notFound();

  const path: Position["path"] = [top, { kind: "region", id: org.region_id, name: org.region }];
  if (!org.district_id) {
    return {
      kind: "region",
      id: org.region_id,
      name: org.region,
      path,
      where: sql`e.region_id = ${org.region_id} and ${inReach}`,
      childKind: "district",
      totals: sql`t.region_id = ${org.region_id} and ${totalsInReach}`,
    };
  }
  path.push({ kind: "district", id: org.district_id, name: org.district ?? "" });
  if (!org.location_id) {
    return {
      kind: "district",
      id: org.district_id,
      name: org.district ?? "",
      path,
      where: sql`e.district_id = ${org.district_id} and ${inReach}`,
      childKind: "location",
      // With its region: the totals' key order, so the district's rows are one index range.
      totals: sql`t.region_id = ${org.region_id} and t.district_id = ${org.district_id} and ${totalsInReach}`,
    };
  }
  path.push({ kind: "location", id: org.location_id, name: org.location ?? "" });
  const atSchool = sql`e.location_id = ${org.location_id} and ${inReach}`;
  if (!input.teacherId) return { kind: "location", id: org.location_id, name: org.location ?? "", path, where: atSchool, childKind: "class" };

  const [teacher] = await rows<{ name: string }>(
    db(),
    sql`select u.first_name || ' ' || u.last_name as name from users u where u.tenant_id = ${t} and u.id = ${input.teacherId}
      and exists (select 1 from enrollment_associations ea where ea.tenant_id = ${t} and ea.user_id = u.id and ea.location_id = ${org.location_id})`,
  );
  if (!teacher) throw notFound();
  const name = `Class of ${teacher.name}`;
  path.push({ kind: "class", id: input.teacherId, name });
  return {
    kind: "class",
    id: input.teacherId,
    name,
    path,
    where: sql`${atSchool} and exists (select 1 from enrollment_associations ea where ea.tenant_id = ${t}
      and ea.student_enrollment_id = a.student_enrollment_id and ea.user_id = ${input.teacherId})`,
    childKind: null,
  };
}

/** The unit key and name of each child kind. */
function childColumns(t: number, kind: Position["childKind"]): { key: SQL; join: SQL; name: SQL } {
  switch (kind) {
    case "region":
      return { key: sql`e.region_id`, join: sql`join regions u on u.tenant_id = ${t} and u.id = x.unit`, name: sql`u.name` };
    case "district":
      return { key: sql`e.district_id`, join: sql`join districts u on u.tenant_id = ${t} and u.id = x.unit`, name: sql`u.name` };
    case "location":
      return { key: sql`e.location_id`, join: sql`join locations u on u.tenant_id = ${t} and u.id = x.unit`, name: sql`u.name` };
    case "class":
      return {
        key: sql`ea.user_id`,
        join: sql`join users u on u.tenant_id = ${t} and u.id = x.unit`,
        name: sql`'Class of ' || u.first_name || ' ' || u.last_name`,
      };
    default:
      return { key: sql`0`, join: sql``, name: sql`''` };
  }
}

/**
 * One pass over the unit's children: per child unit (and in total, by a grouping set) the children,
 * those with an overall score, the count per level, and per domain the count, sum and count per band.
 * Bands of domain scores use the assessment's level bounds (width_bucket over the lower bounds).
 */
export async function unitStats(actor: Actor, collection: Collection, position: Position): Promise<{ total: Stats; children: Unit[] }> {
  const t = actor.tenantId;
  const child = childColumns(t, position.childKind);
  const bounds = collection.levels.slice(1).map((l) => l.min);
  const boundArray = sql`${`{${bounds.join(",")}}`}::int[]`;
  const columns: SQL[] = [sql`count(*)::int as students`, sql`count(r.overall_score)::int as assessed`];
  collection.levels.forEach((level, i) => columns.push(sql`(count(*) filter (where r.performance_level = ${level.code}))::int as ${sql.raw(`l${i}`)}`));
  collection.domains.forEach((domain, d) => {
    const score = sql`(r.domain_scores ->> ${domain.code})::int`;
    columns.push(sql`count(${score})::int as ${sql.raw(`d${d}n`)}`, sql`sum(${score})::float8 as ${sql.raw(`d${d}s`)}`);
    collection.levels.forEach((_, i) =>
      columns.push(
        sql`(count(*) filter (where width_bucket(${score}, ${boundArray}) = ${i} and ${score} between ${collection.levels[0].min} and ${collection.levels.at(-1)?.max ?? 0}))::int as ${sql.raw(`d${d}l${i}`)}`,
      ),
    );
  });
  // A child on two teachers' rosters counts once, in the class of the first; one on none only in the total.
  const classJoin =
    position.childKind === "class"
      ? sql`left join lateral (select min(ea.user_id) as user_id from enrollment_associations ea where ea.tenant_id = ${t}
          and ea.student_enrollment_id = a.student_enrollment_id and ea.location_id = e.location_id) ea on true`
      : sql``;
  const grouping = position.childKind ? sql`${child.key} as unit, grouping(${child.key}) as is_total` : sql`null::int as unit, 1 as is_total`;
  const groupBy = position.childKind ? sql`group by grouping sets ((${child.key}), ())` : sql``;
  const grouped = await rows<Record<string, number | string | null>>(
    db(),
    sql`with x as (
      select ${grouping}, ${sql.join(columns, sql`, `)}
      from student_data_collection_assignments a
      join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
      ${classJoin}
      left join student_results r on r.tenant_id = ${t} and r.data_collection_id = a.data_collection_id and r.student_enrollment_id = a.student_enrollment_id
      where a.tenant_id = ${t} and a.data_collection_id = ${collection.id} and ${position.where}
      ${groupBy}
    )
    select x.*, ${child.name} as name from x ${position.childKind ? sql`left ${child.join}` : sql``}
    order by x.is_total desc, name`,
  );
  const toStats = (row: Record<string, number | string | null>): Stats => ({
    students: Number(row.students ?? 0),
    assessed: Number(row.assessed ?? 0),
    levels: Object.fromEntries(collection.levels.map((l, i) => [l.code, Number(row[`l${i}`] ?? 0)])),
    domains: Object.fromEntries(
      collection.domains.map((domain, d): [string, DomainStats] => {
        const n = Number(row[`d${d}n`] ?? 0);
        const sum = Number(row[`d${d}s`] ?? 0);
        return [
          domain.code,
          {
            assessed: n,
            mean: n ? Math.round((10 * sum) / n) / 10 : null,
            levels: Object.fromEntries(collection.levels.map((l, i) => [l.code, Number(row[`d${d}l${i}`] ?? 0)])),
          },
        ];
      }),
    ),
  });
  const totalRow = grouped.find((r) => Number(r.is_total) === 1);
  const empty: Stats = toStats({});
  const children: Unit[] = position.childKind
    ? grouped
        .filter((r) => Number(r.is_total) === 0 && r.unit !== null)
        .map((r) => ({ kind: position.childKind as Unit["kind"], id: Number(r.unit), name: String(r.name ?? ""), stats: toStats(r) }))
    : [];
  return { total: totalRow ? toStats(totalRow) : empty, children };
}

/** The child units' key on collection_display_totals `t`, and their names. */
function totalsColumns(t: number, kind: Position["childKind"]): { key: SQL; join: SQL } {
  switch (kind) {
    case "region":
      return { key: sql`t.region_id`, join: sql`left join regions u on u.tenant_id = ${t} and u.id = x.unit` };
    case "district":
      return { key: sql`t.district_id`, join: sql`left join districts u on u.tenant_id = ${t} and u.id = x.unit` };
    default:
      return { key: sql`t.location_id`, join: sql`left join locations u on u.tenant_id = ${t} and u.id = x.unit` };
  }
}

/**
 * The same figures as unitStats for a state, region or district, added up from the per-school rows
 * of collection_display_totals (kept by the triggers of migration 0020): a state sums ~30,000 rows
 * (about 20 per school) instead of grouping 130,000 children's results.
 */
export async function totalsStats(actor: Actor, collection: Collection, position: Position & { totals: SQL }): Promise<{ total: Stats; children: Unit[] }> {
  const t = actor.tenantId;
  const child = totalsColumns(t, position.childKind);
  const cells = await rows<{
    unit: number | null;
    is_total: number;
    part: string;
    level: string;
    students: number;
    scored: number;
    score_sum: number;
    name: string | null;
  }>(
    db(),
    sql`with x as (
      select ${child.key} as unit, grouping(${child.key}) as is_total, t.part, t.level,
        sum(t.students)::int as students, sum(t.scored)::int as scored, sum(t.score_sum)::float8 as score_sum
      from collection_display_totals t
      where t.tenant_id = ${t} and t.data_collection_id = ${collection.id} and ${position.totals}
      group by grouping sets ((${child.key}, t.part, t.level), (t.part, t.level))
    )
    select x.*, u.name from x ${child.join}`,
  );
  const units = new Map<string, { unit: number | null; name: string; cells: Map<string, { students: number; scored: number; sum: number }> }>();
  for (const c of cells) {
    const key = Number(c.is_total) === 1 ? "total" : String(c.unit);
    let unit = units.get(key);
    if (!unit) units.set(key, (unit = { unit: Number(c.is_total) === 1 ? null : Number(c.unit), name: c.name ?? "", cells: new Map() }));
    unit.cells.set(`${c.part}|${c.level}`, { students: Number(c.students), scored: Number(c.scored), sum: Number(c.score_sum) });
  }
  const toStats = (u?: { cells: Map<string, { students: number; scored: number; sum: number }> }): Stats => {
    const cell = (part: string, level: string) => u?.cells.get(`${part}|${level}`) ?? { students: 0, scored: 0, sum: 0 };
    return {
      students: cell("", "").students,
      assessed: cell("", "").scored,
      levels: Object.fromEntries(collection.levels.map((l) => [l.code, cell("", l.code).students])),
      domains: Object.fromEntries(
        collection.domains.map((domain): [string, DomainStats] => {
          const { scored: n, sum } = cell(domain.code, "");
          return [
            domain.code,
            {
              assessed: n,
              mean: n ? Math.round((10 * sum) / n) / 10 : null,
              levels: Object.fromEntries(collection.levels.map((l) => [l.code, cell(domain.code, l.code).students])),
            },
          ];
        }),
      ),
    };
  };
  const kind = position.childKind as Unit["kind"];
  const children = [...units.values()]
    .filter((u) => u.unit !== null && (u.cells.get("|")?.students ?? 0) > 0)
    .map((u) => ({ kind, id: Number(u.unit), name: u.name, stats: toStats(u) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const total = units.get("total");
  return { total: toStats(total), children };
}

/**
 * Spec §3 progress rows of the unit's children: rows with no overall score, no domain scores or no
 * name are left out (a child not yet fully scored has no level to show).
 */
export async function progressRows(actor: Actor, collection: Collection, position: Position): Promise<StudentRow[]> {
  const t = actor.tenantId;
  const domainScore = (code: string) => (collection.domains.some((d) => d.code === code) ? sql`(r.domain_scores ->> ${code})::int` : sql`null::int`);
  const found = await rows<StudentRow>(
    db(),
    sql`select distinct on (s.last_name, s.first_name, s.id) s.id, s.first_name, s.last_name, s.gender::text as gender,
        s.special_education as iep, s.english_language_learner as ell, s.low_ses as ses, s.race,
        e.location_id as school_id, e.district_id, e.region_id, e.prior_care as cares,
        r.overall_score, ${domainScore("LL")} as "LL_score", ${domainScore("MA")} as "MA_score",
        ${domainScore("SF")} as "SF_score", ${domainScore("PD")} as "PD_score", r.performance_level, r.progress,
        floor(extract(epoch from r.updated_at))::int as scored_at
      from student_data_collection_assignments a
      join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
      join students s on s.tenant_id = ${t} and s.id = e.student_id
      join student_results r on r.tenant_id = ${t} and r.data_collection_id = a.data_collection_id and r.student_enrollment_id = a.student_enrollment_id
      where a.tenant_id = ${t} and a.data_collection_id = ${collection.id} and ${position.where}
        and r.overall_score is not null and r.domain_scores <> '{}'::jsonb
        and coalesce(s.first_name, '') <> '' and coalesce(s.last_name, '') <> ''
      order by s.last_name, s.first_name, s.id`,
  );
  return found.map((r) => ({ ...r, overall_score: Number(r.overall_score), progress: Number(r.progress), scored_at: Number(r.scored_at) }));
}

/** Which kinds of unit list their children's progress rows (a district holds a few thousand at most). */
export function listsStudents(kind: UnitKind): boolean {
  return kind === "district" || kind === "location" || kind === "class";
}

/**
 * Whether a chart view carries the progress rows too: a school's or class's, a few hundred at most.
 * A district's (its biggest has ~750 children) cost more than its summed chart, so they come only
 * with the `students` view.
 */
export function chartListsStudents(kind: UnitKind): boolean {
  return kind === "location" || kind === "class";
}

export async function buildDisplay(
  actor: Actor,
  role: DisplayRole,
  type: DisplayType,
  domain: string,
  collection: Collection,
  position: Position,
): Promise<DisplayResult> {
  if (type === "students" && !listsStudents(position.kind)) throw badRequest("Choose a district, school or class to list its students");
  const listed = type === "students" || chartListsStudents(position.kind);
  // Both reads at once (pipelined on the transaction's connection).
  const [{ total, children }, students] = await Promise.all([
    position.totals ? totalsStats(actor, collection, { ...position, totals: position.totals }) : unitStats(actor, collection, position),
    listed ? progressRows(actor, collection, position) : null,
  ]);
  const domains = type === "single-domain" ? collection.domains.filter((d) => d.code === domain) : collection.domains;
  if (type === "single-domain" && !domains.length)
    throw badRequest(`The collection has no domain ${domain}`, [{ field: "domain", message: "Domain is not part of the collection" }]);
  return {
    role,
    type,
    dataCollectionId: collection.id,
    collectionName: collection.name,
    pldVersion: collection.pldVersion,
    domainVersion: collection.domainVersion,
    domain,
    levels: collection.levels,
    domains,
    scope: { kind: position.kind, id: position.id, name: position.name },
    path: position.path,
    total,
    children,
    students,
    generatedAt: Math.floor(Date.now() / 1000),
  };
}
