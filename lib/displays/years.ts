import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { badRequest, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, collectionInReach } from "@/lib/organisations/reach";
import { levelsOf, windowOf } from "@/lib/results/levels";
import { adminPosition } from "./compute";
import { percent } from "./model";
import type { YearsComparison } from "./schemas";

/**
 * Performance-level distributions of one assessment across school years (issue 24), for the state,
 * a region or a district within the admin's reach: the chosen collection beside one of the same
 * assessment in another school year. Both are added up from the per-school rows of
 * collection_display_totals (kept by the score triggers), as the state and district displays are,
 * over the same position and reach, so a state's comparison sums a few thousand rows.
 */

export interface YearsInput {
  dataCollectionId: number;
  compareWith?: number;
  regionId?: number;
  districtId?: number;
}

interface CollectionRow {
  id: number;
  collection_name: string;
  assessment_id: number;
  assessment_name: string;
  taxonomy: string;
  school_year_id: number;
  school_year: string;
  cycle_start_date: string | Date;
  config: unknown;
}

export async function compareYears(actor: Actor, input: YearsInput): Promise<YearsComparison> {
  authorize(actor, "displays.admin");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const inReach = collectionInReach(actor, sql`dc.id`, ADMINISTRATIVE);
    const select = sql`select dc.id, dc.collection_name, dc.assessment_id, asm.name as assessment_name, asm.taxonomy, sy.id as school_year_id,
        sy.label as school_year, dc.cycle_start_date, coalesce(asm.configuration, '{}'::jsonb) || coalesce(dc.scoring, '{}'::jsonb) as config
      from data_collections dc join assessments asm on asm.id = dc.assessment_id join school_years sy on sy.id = dc.school_year_id`;
    const [family, position] = await Promise.all([
      // The chosen collection and every collection of its assessment within reach, newest school year first.
      rows<CollectionRow>(
        db(),
        sql`${select}
        where dc.tenant_id = ${t} and dc.deleted_at is null and ${inReach}
          and dc.assessment_id = (select c0.assessment_id from data_collections c0 where c0.tenant_id = ${t} and c0.id = ${input.dataCollectionId})
        order by sy.start_date desc, dc.cycle_start_date desc, dc.id desc`,
      ),
      adminPosition(actor, input.dataCollectionId, { regionId: input.regionId, districtId: input.districtId }),
    ]);
    const chosen = family.find((c) => c.id === input.dataCollectionId);
    if (!chosen || !position.totals) throw notFound();
    const comparable = family.filter((c) => c.school_year_id !== chosen.school_year_id);
    let other: CollectionRow | undefined;
    if (input.compareWith !== undefined) {
      other = comparable.find((c) => c.id === input.compareWith);
      if (!other) {
        const [found] = await rows<CollectionRow>(
          db(),
          sql`${select} where dc.tenant_id = ${t} and dc.id = ${input.compareWith} and dc.deleted_at is null and ${inReach}`,
        );
        if (!found) throw notFound();
        const message =
          found.assessment_id !== chosen.assessment_id ? "Choose a collection of the same assessment" : "Choose a collection of another school year";
        throw badRequest(message, [{ field: "compareWith", message }]);
      }
    }
    const shown = other ? [other, chosen].sort((a, b) => family.indexOf(b) - family.indexOf(a)) : [chosen];
    const counts = await rows<{ data_collection_id: number; level: string; students: number; scored: number }>(
      db(),
      sql`select t.data_collection_id, t.level, sum(t.students)::int as students, sum(t.scored)::int as scored
        from collection_display_totals t
        where t.tenant_id = ${t} and t.data_collection_id = any(${`{${shown.map((c) => c.id).join(",")}}`}::int[]) and t.part = '' and ${position.totals}
        group by t.data_collection_id, t.level`,
    );
    const window = (c: CollectionRow) => windowOf(c.taxonomy, c.collection_name, c.config, new Date(c.cycle_start_date));
    return {
      assessment: { id: chosen.assessment_id, name: chosen.assessment_name },
      scope: { kind: position.kind, id: position.id, name: position.name },
      comparable: comparable.map((c) => ({ dataCollectionId: c.id, collectionName: c.collection_name, schoolYear: c.school_year, window: window(c) })),
      years: shown.map((c) => {
        const cell = (level: string) => counts.find((n) => n.data_collection_id === c.id && n.level === level);
        const assessed = Number(cell("")?.scored ?? 0);
        return {
          dataCollectionId: c.id,
          collectionName: c.collection_name,
          schoolYear: c.school_year,
          window: window(c),
          students: Number(cell("")?.students ?? 0),
          assessed,
          levels: levelsOf(c.config).map((l) => {
            const count = Number(cell(l.code)?.students ?? 0);
            return { code: l.code, label: l.label, count, percent: percent(count, assessed) };
          }),
        };
      }),
    };
  });
}
