import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { adminPosition, collectionFacts, type DrillInput } from "./compute";
import type { LayerCount, LayerCriteria } from "./schemas";
import { requireAdminCollection } from "./service";

/**
 * Filter layers at a state or region (spec §3 student filter layers): those displays list no
 * children, so the browser cannot match them; here every layer's children per level (overall and
 * per domain band) are counted in one pass over the unit's results, with the same rules as
 * matchesLayer in model.ts. A state's pass reads every child's result (about a second on the
 * 130,000-child generator); a layer is asked for when it is shown, not with every display.
 */

const ints = (values: number[]) => sql`${`{${values.join(",")}}`}::int[]`;
const texts = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** matchesLayer as SQL over students s, enrollments e. */
function layerCondition(layer: LayerCriteria): SQL {
  const parts: SQL[] = [sql`true`];
  const tri = (column: SQL, value: LayerCriteria["iep"]) => value !== "all" && parts.push(sql`${column} = ${value === "true"}`);
  tri(sql`s.special_education`, layer.iep);
  tri(sql`s.english_language_learner`, layer.ell);
  tri(sql`s.low_ses`, layer.ses);
  if (layer.cares.length) parts.push(sql`coalesce(e.prior_care, '') in ${texts(layer.cares)}`);
  if (layer.races.length) parts.push(sql`(s.race & ${layer.races.reduce((mask, bit) => mask | bit, 0)}) <> 0`);
  if (layer.genders.length) parts.push(sql`lower(s.gender::text) in ${texts(layer.genders.map((g) => g.toLowerCase()))}`);
  if (layer.regions.length) parts.push(sql`e.region_id = any(${ints(layer.regions)})`);
  if (layer.districts.length) parts.push(sql`e.district_id = any(${ints(layer.districts)})`);
  if (layer.locations.length) parts.push(sql`e.location_id = any(${ints(layer.locations)})`);
  if (layer.students.length) parts.push(sql`s.id = any(${ints(layer.students)})`);
  return sql.join(parts, sql` and `);
}

export async function layerCounts(actor: Actor, collectionId: number, drill: DrillInput, layers: LayerCriteria[]): Promise<LayerCount[]> {
  authorize(actor, "displays.admin");
  return forTenant(actor, async () => {
    const t = actor.tenantId;
    await requireAdminCollection(actor, collectionId);
    const collection = await collectionFacts(actor, collectionId);
    const position = await adminPosition(actor, collectionId, drill);
    const columns: SQL[] = [sql`1 as one`];
    layers.forEach((layer, i) => {
      const when = layerCondition(layer);
      columns.push(sql`(count(*) filter (where ${when} and r.performance_level is not null))::int as ${sql.raw(`l${i}`)}`);
      collection.levels.forEach((level, j) =>
        columns.push(sql`(count(*) filter (where ${when} and r.performance_level = ${level.code}))::int as ${sql.raw(`l${i}_${j}`)}`),
      );
      collection.domains.forEach((domain, d) => {
        const score = sql`(r.domain_scores ->> ${domain.code})::int`;
        collection.levels.forEach((level, j) =>
          columns.push(sql`(count(*) filter (where ${when} and ${score} between ${level.min} and ${level.max}))::int as ${sql.raw(`l${i}_d${d}_${j}`)}`),
        );
      });
    });
    const [row] = await rows<Record<string, number>>(
      db(),
      sql`select ${sql.join(columns, sql`, `)}
        from student_data_collection_assignments a
        join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
        join students s on s.tenant_id = ${t} and s.id = e.student_id
        join student_results r on r.tenant_id = ${t} and r.data_collection_id = a.data_collection_id and r.student_enrollment_id = a.student_enrollment_id
        where a.tenant_id = ${t} and a.data_collection_id = ${collection.id} and ${position.where}`,
    );
    const n = (key: string) => Number(row?.[key] ?? 0);
    return layers.map((_, i) => ({
      count: n(`l${i}`),
      levels: Object.fromEntries(collection.levels.map((l, j) => [l.code, n(`l${i}_${j}`)])),
      domains: Object.fromEntries(
        collection.domains.map((domain, d) => {
          const levels = Object.fromEntries(collection.levels.map((l, j) => [l.code, n(`l${i}_d${d}_${j}`)]));
          return [domain.code, { count: Object.values(levels).reduce((sum, v) => sum + v, 0), levels }];
        }),
      ),
    }));
  });
}
