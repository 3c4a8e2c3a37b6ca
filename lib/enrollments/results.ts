import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { requireEnrollment } from "./access";

/**
 * A student's results per data collection of one enrollment, for the admin's Collections tab: what
 * the database keeps in student_results (migration 0009's triggers), so the page reads one row per
 * collection. The rows are keyed by the enrollment, so after an approved transfer they are read at
 * the receiving location. Level words come from the collection's effective configuration. Readable as the enrollment is (lib/enrollments/access.ts); else 404.
 */
export interface EnrollmentResult {
  dataCollectionId: number;
  collectionName: string;
  /** Items scored (codes such as N count: the item was given). */
  scoredItems: number;
  /** Items of the collection; null until the child has a result row (nothing scored yet). */
  totalItems: number | null;
  /** 0-100. */
  progress: number;
  /** Set once every item is scored. */
  overallScore: number | null;
  performanceLevel: string | null;
  /** The level in words (the assessment's label), else its code; null until complete. */
  levelLabel: string | null;
  /** When the result last changed (unix seconds); null when nothing is scored. */
  updatedAt: number | null;
}

interface Row {
  data_collection_id: number;
  collection_name: string;
  scored_items: number | null;
  total_items: number | null;
  progress: number | null;
  overall_score: number | null;
  performance_level: string | null;
  level_label: string | null;
  updated_at: string | Date | null;
}

export async function enrollmentResults(actor: Actor, enrollmentId: number): Promise<EnrollmentResult[]> {
  authorize(actor, "students.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireEnrollment(actor, enrollmentId, "read");
    const found = await rows<Row>(
      db(),
      sql`select c.id as data_collection_id, c.collection_name, r.scored_items, r.total_items, r.progress, r.overall_score, r.performance_level, r.updated_at,
          (select l ->> 'label' from jsonb_array_elements(case when jsonb_typeof(x.levels) = 'array' then x.levels else '[]'::jsonb end) l
            where l ->> 'code' = r.performance_level limit 1) as level_label
        from student_data_collection_assignments a
        join data_collections c on c.tenant_id = ${t} and c.id = a.data_collection_id
        left join assessments asm on asm.id = c.assessment_id
        -- The levels as refresh_student_results reads them: the assessment's, overridden by the collection's own scoring (migration 0015).
        cross join lateral (select (coalesce(asm.configuration, '{}'::jsonb) || coalesce(c.scoring, '{}'::jsonb)) -> 'performanceLevels' as levels) x
        left join student_results r on r.tenant_id = ${t} and r.data_collection_id = a.data_collection_id and r.student_enrollment_id = a.student_enrollment_id
        where a.tenant_id = ${t} and a.student_enrollment_id = ${enrollmentId}
        order by c.cycle_start_date desc, a.id desc`,
    );
    return found.map((r) => ({
      dataCollectionId: r.data_collection_id,
      collectionName: r.collection_name,
      scoredItems: r.scored_items ?? 0,
      totalItems: r.total_items,
      progress: r.progress ?? 0,
      overallScore: r.overall_score,
      performanceLevel: r.performance_level,
      levelLabel: r.performance_level === null ? null : (r.level_label ?? r.performance_level),
      updatedAt: r.updated_at === null ? null : Math.floor(new Date(r.updated_at).getTime() / 1000),
    }));
  });
}
