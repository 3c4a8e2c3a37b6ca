import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize, can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import { levelsOf, scaleOf, windowOf } from "./levels";
import type { ChildAssessment, ChildResult, ChildResults } from "./schemas";

/**
 * A child's results across every collection they were assessed in, over all their enrollments and
 * school years (issue 24): the KRA at kindergarten entry and each checkpoint of an ELA assessment,
 * with the overall and domain scale scores, the performance level, and the change since the child's
 * previous result in the same assessment. Read from student_results (kept by the score triggers), so
 * a child's whole history is a handful of rows.
 *
 * Who: an administrator reaches the child as the student list does (the point of authority's
 * location in their administrative reach) or through an active enrollment at a location in reach (a
 * school the child has left does not); a teacher, a child with an active enrollment on their roster.
 * Results follow the child: once the child is reachable, results kept at earlier schools and in
 * earlier school years are shown too (scores follow a transfer).
 * Anything else, another tenant's child included, is 404.
 */

/** Condition on the student `s`: the actor reaches the child (admins by reach, teachers by roster). */
function childReachable(actor: Actor): SQL {
  const t = actor.tenantId;
  const ways: SQL[] = [];
  if (can(actor, "students.manage")) {
    ways.push(sql`${locationInReach(actor, sql`s.parent_location_id`, ADMINISTRATIVE)}`);
    ways.push(sql`exists (select from student_enrollments re where re.tenant_id = ${t} and re.student_id = s.id and re.active
      and ${locationInReach(actor, sql`re.location_id`, ADMINISTRATIVE)})`);
  }
  if (can(actor, "collections.teacherRead")) {
    ways.push(sql`exists (select from enrollment_associations ea
      join student_enrollments re on re.tenant_id = ${t} and re.id = ea.student_enrollment_id and re.active
      where ea.tenant_id = ${t} and ea.user_id = ${actor.userId} and re.student_id = s.id)`);
  }
  return ways.length ? sql`(${sql.join(ways, sql` or `)})` : sql`false`;
}

interface Row {
  data_collection_id: number;
  collection_name: string;
  assessment_id: number;
  assessment_name: string;
  taxonomy: string;
  config: Record<string, unknown> | null;
  domain_labels: { code: string; label: string }[] | null;
  cycle_start_date: string | Date;
  school_year_id: number;
  school_year: string;
  school_year_start: string;
  location_name: string;
  scored_items: number;
  total_items: number;
  progress: number;
  overall_score: number | null;
  performance_level: string | null;
  domain_scores: Record<string, number> | null;
}

/** A person's read of the child's results: audited as a view (FERPA 34 CFR 99.32) with where it was read. */
export interface ResultsView {
  origin: AuditOrigin;
  details?: Record<string, unknown>;
}

export async function childResults(actor: Actor, studentId: number, view?: ResultsView): Promise<ChildResults> {
  authorize(actor, "results.childHistory");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [child] = await rows<{ id: number }>(
      db(),
      sql`select s.id from students s where s.tenant_id = ${t} and s.id = ${studentId} and s.merged_into_student_id is null and ${childReachable(actor)}`,
    );
    if (!child) throw notFound("Student not found");
    // One result per collection: a child enrolled twice in one collection (a school and a provider)
    // counts at the point of authority, else where most is scored.
    const found = await rows<Row>(
      db(),
      sql`select distinct on (c.id) c.id as data_collection_id, c.collection_name, c.assessment_id, asm.name as assessment_name, asm.taxonomy,
          coalesce(asm.configuration, '{}'::jsonb) || coalesce(c.scoring, '{}'::jsonb) as config,
          (select jsonb_agg(jsonb_build_object('code', h.code, 'label', h.label) order by h.sort_order, h.code)
            from assessment_hierarchy_items h where h.assessment_id = asm.id and h.parent_id is null) as domain_labels,
          c.cycle_start_date, sy.id as school_year_id, sy.label as school_year, sy.start_date::text as school_year_start, l.name as location_name,
          r.scored_items, r.total_items, r.progress, r.overall_score, r.performance_level, r.domain_scores
        from student_enrollments e
        join student_data_collection_assignments a on a.tenant_id = ${t} and a.student_enrollment_id = e.id
        join student_results r on r.tenant_id = ${t} and r.data_collection_id = a.data_collection_id and r.student_enrollment_id = e.id
        join data_collections c on c.tenant_id = ${t} and c.id = a.data_collection_id and c.deleted_at is null
        join school_years sy on sy.id = c.school_year_id
        join assessments asm on asm.id = c.assessment_id
        join locations l on l.tenant_id = ${t} and l.id = e.location_id
        where e.tenant_id = ${t} and e.student_id = ${studentId} and r.scored_items > 0
        order by c.id, e.is_point_of_authority desc, r.scored_items desc, e.id`,
    );
    if (view) {
      await writeAudit(
        actor,
        [{ action: "view", entityType: "student_result", studentId, details: { ...view.details, dataCollectionIds: found.map((r) => r.data_collection_id) } }],
        view.origin,
      );
    }
    return shape(studentId, found);
  });
}

const unix = (d: string | Date) => Math.floor(new Date(d).getTime() / 1000);

/** Orders the rows (school year, then window), and works out each one's change against the previous of its assessment. */
function shape(studentId: number, found: Row[]): ChildResults {
  const ordered = [...found].sort(
    (a, b) =>
      a.school_year_start.localeCompare(b.school_year_start) ||
      a.school_year_id - b.school_year_id ||
      unix(a.cycle_start_date) - unix(b.cycle_start_date) ||
      a.data_collection_id - b.data_collection_id,
  );
  const assessments = new Map<number, ChildAssessment>();
  const previous = new Map<number, ChildResult>();
  const results = ordered.map((r): ChildResult => {
    const levels = levelsOf(r.config);
    // The newest collection's levels describe the assessment (rows come oldest first).
    assessments.set(r.assessment_id, {
      id: r.assessment_id,
      name: r.assessment_name,
      isKra: r.taxonomy.toUpperCase() === "SUMMATIVE",
      levels,
      scale: scaleOf(r.config, levels),
    });
    const scores = r.domain_scores ?? {};
    const labelled = r.domain_labels ?? [];
    const codes = [...labelled.map((d) => d.code).filter((c) => c in scores), ...Object.keys(scores).filter((c) => !labelled.some((d) => d.code === c))];
    const before = previous.get(r.assessment_id);
    const minus = (now: number | null | undefined, then: number | null | undefined) => (now == null || then == null ? null : now - then);
    const levelLabel = r.performance_level === null ? null : (levels.find((l) => l.code === r.performance_level)?.label ?? r.performance_level);
    const result: ChildResult = {
      dataCollectionId: r.data_collection_id,
      collectionName: r.collection_name,
      schoolYear: { id: r.school_year_id, label: r.school_year },
      window: windowOf(r.taxonomy, r.collection_name, r.config, new Date(r.cycle_start_date)),
      assessmentId: r.assessment_id,
      cycleStartDate: unix(r.cycle_start_date),
      locationName: r.location_name,
      scoredItems: Number(r.scored_items),
      totalItems: Number(r.total_items),
      progress: Number(r.progress),
      overallScore: r.overall_score === null ? null : Number(r.overall_score),
      performanceLevel: r.performance_level,
      levelLabel,
      domains: codes.map((code) => ({
        code,
        label: labelled.find((d) => d.code === code)?.label ?? code,
        score: Number(scores[code]),
        change: minus(Number(scores[code]), before?.domains.find((d) => d.code === code)?.score),
      })),
      change: before ? changeSince(before, r.overall_score === null ? null : Number(r.overall_score), r.performance_level, levels) : null,
    };
    previous.set(r.assessment_id, result);
    return result;
  });
  return { studentId, assessments: [...assessments.values()], results };
}

function changeSince(before: ChildResult, overall: number | null, level: string | null, levels: { code: string }[]): ChildResult["change"] {
  const rank = (code: string | null) => (code === null ? -1 : levels.findIndex((l) => l.code === code));
  const [was, now] = [rank(before.performanceLevel), rank(level)];
  return {
    fromDataCollectionId: before.dataCollectionId,
    fromCollectionName: before.collectionName,
    overallScore: overall === null || before.overallScore === null ? null : overall - before.overallScore,
    fromLevel: before.performanceLevel,
    fromLevelLabel: before.levelLabel,
    direction: was < 0 || now < 0 ? null : now > was ? "up" : now < was ? "down" : "same",
  };
}
