import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { levelsOf } from "@/lib/results/levels";
import { requireTeacherCollection, rosterIds } from "./roster";

/** A child's result in the previous checkpoint of the same assessment, as the scoring screen shows it. */
export interface PreviousLevel {
  enrollmentId: number;
  collectionName: string;
  schoolYear: string;
  overallScore: number | null;
  performanceLevel: string | null;
  /** The level in the assessment's words, else its code; null when the previous result has no level. */
  levelLabel: string | null;
}

interface Row {
  enrollment_id: number;
  collection_name: string;
  school_year: string;
  overall_score: number | null;
  performance_level: string | null;
  config: unknown;
}

/**
 * For each child of the teacher's roster in the collection, their result in the previous collection
 * of the same assessment (an earlier cycle start, any school year, any of the child's enrollments)
 * that gave them an overall score or a level. One statement for the whole class: the roster (an
 * index range), then per child a probe of their enrollments, assignments and results by keys.
 * Another teacher's collection is 404.
 */
export async function previousLevels(actor: Actor, collectionId: number): Promise<PreviousLevel[]> {
  authorize(actor, "collections.teacherRead");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireTeacherCollection(actor, collectionId);
    const found = await rows<Row>(
      db(),
      sql`select e.id as enrollment_id, p.collection_name, p.school_year, p.overall_score, p.performance_level, p.config
        from data_collections cur
        join student_enrollments e on e.tenant_id = ${t} and e.id in ${rosterIds(actor, collectionId)}
        cross join lateral (
          select pc.collection_name, sy.label as school_year, r.overall_score, r.performance_level,
            coalesce(asm.configuration, '{}'::jsonb) || coalesce(pc.scoring, '{}'::jsonb) as config
          from student_enrollments pe
          join student_data_collection_assignments pa on pa.tenant_id = ${t} and pa.student_enrollment_id = pe.id
          join data_collections pc on pc.tenant_id = ${t} and pc.id = pa.data_collection_id and pc.deleted_at is null
            and pc.assessment_id = cur.assessment_id and (pc.cycle_start_date, pc.id) < (cur.cycle_start_date, cur.id)
          join student_results r on r.tenant_id = ${t} and r.data_collection_id = pc.id and r.student_enrollment_id = pe.id
          join school_years sy on sy.id = pc.school_year_id
          join assessments asm on asm.id = pc.assessment_id
          where pe.tenant_id = ${t} and pe.student_id = e.student_id and (r.overall_score is not null or r.performance_level is not null)
          order by pc.cycle_start_date desc, pc.id desc, pe.is_point_of_authority desc
          limit 1
        ) p
        where cur.tenant_id = ${t} and cur.id = ${collectionId}`,
    );
    return found.map((r) => ({
      enrollmentId: r.enrollment_id,
      collectionName: r.collection_name,
      schoolYear: r.school_year,
      overallScore: r.overall_score === null ? null : Number(r.overall_score),
      performanceLevel: r.performance_level,
      levelLabel: r.performance_level === null ? null : (levelsOf(r.config).find((l) => l.code === r.performance_level)?.label ?? r.performance_level),
    }));
  });
}
