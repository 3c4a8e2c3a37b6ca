import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditEntry, type AuditOrigin } from "@/lib/platform/audit";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, locationInReach } from "@/lib/organisations/reach";
import type { MergeStudentsInput } from "./merge-schemas";

export const STUDENTS_MERGED = "Students merged";

interface Fold {
  data_collection_id: number;
  secondary_enrollment_id: number;
  primary_enrollment_id: number;
}

interface GradePair {
  item_id: number;
  secondary_score_id: number;
  primary_score_id: number | null;
  secondary_entry_id: number;
  primary_entry_id: number | null;
  secondary_comment: string | null;
  secondary_entered_by: number | null;
  /** timestamptz as text: passed back to SQL exactly. */
  secondary_updated_at: string;
  secondary_newer: boolean;
}

/**
 * POST /students/merge: fold a duplicate (secondary) record into the primary, in one transaction.
 * The secondary's enrollments move to the primary with everything hung on them (assignments, grades,
 * evidence, supports, grade history, rosters); its ISR outputs, milestones and transfers follow. Where
 * both children were assigned to the same collection, the secondary's grades join the primary's
 * enrollment there: an item graded on both keeps the newer grade and records the other in the grade
 * history. The secondary is retired (merged_into_student_id), never deleted. Both must be within the
 * admin's reach in the same tenant (404 otherwise). Audited: the merge, the retirement, each enrollment
 * moved and each conflicting grade.
 */
export async function mergeStudents(actor: Actor, input: MergeStudentsInput, origin: AuditOrigin = {}) {
  authorize(actor, "transfers.manage");
  const t = actor.tenantId;
  const P = input.primaryStudentId;
  const S = input.secondaryStudentId;
  return forTenant(actor, async () => {
    const found = await rows<{ id: number }>(
      db(),
      sql`select s.id from students s where s.tenant_id = ${t} and s.id in (${P}, ${S}) and s.merged_into_student_id is null
        and ${locationInReach(actor, sql`s.parent_location_id`, ADMINISTRATIVE)} order by s.id for update`,
    );
    if (found.length !== 2) throw notFound();
    const audit: AuditEntry[] = [];

    const folds = await rows<Fold>(
      db(),
      sql`select a.data_collection_id, a.student_enrollment_id as secondary_enrollment_id,
          (select min(pa.student_enrollment_id) from student_data_collection_assignments pa
            join student_enrollments pe on pe.tenant_id = ${t} and pe.id = pa.student_enrollment_id and pe.student_id = ${P}
            where pa.tenant_id = ${t} and pa.data_collection_id = a.data_collection_id) as primary_enrollment_id
        from student_data_collection_assignments a
        join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.student_id = ${S}
        where a.tenant_id = ${t}`,
    );
    let scoresMoved = 0;
    let conflicts = 0;
    for (const fold of folds.filter((f) => f.primary_enrollment_id !== null)) {
      const result = await foldCollection(actor, fold, P);
      scoresMoved += result.moved;
      conflicts += result.conflicts.length;
      audit.push(...result.conflicts);
    }

    const moved = await rows<{ id: number; was_poa: boolean; is_poa: boolean }>(
      db(),
      sql`with before as (select id, is_point_of_authority from student_enrollments where tenant_id = ${t} and student_id = ${S})
        update student_enrollments e set student_id = ${P}, updated_at = now(),
          is_point_of_authority = e.is_point_of_authority and not exists (select 1 from student_enrollments p
            where p.tenant_id = ${t} and p.student_id = ${P} and p.is_point_of_authority)
        from before b where e.tenant_id = ${t} and e.id = b.id
        returning e.id, b.is_point_of_authority as was_poa, e.is_point_of_authority as is_poa`,
    );
    for (const e of moved) {
      audit.push({
        action: "update",
        entityType: "student_enrollment",
        entityId: e.id,
        studentId: P,
        details: { mergedFrom: S, before: { studentId: S, isPointOfAuthority: e.was_poa }, after: { studentId: P, isPointOfAuthority: e.is_poa } },
      });
    }
    await db().execute(sql`update student_outputs set student_id = ${P} where tenant_id = ${t} and student_id = ${S}`);
    await db().execute(sql`update transfers set student_id = ${P}, updated_at = now() where tenant_id = ${t} and student_id = ${S}`);
    // A milestone both captured stays with the retired record (kept, never lost); the others move.
    await db().execute(sql`update score_milestones m set student_id = ${P} where m.tenant_id = ${t} and m.student_id = ${S}
      and not exists (select 1 from score_milestones p where p.tenant_id = ${t} and p.student_id = ${P}
        and p.data_collection_id = m.data_collection_id and p.tenant_milestone_id = m.tenant_milestone_id)`);
    const [primary] = await rows<{ before: number | null; after: number | null }>(
      db(),
      sql`with poa as (select location_id from student_enrollments where tenant_id = ${t} and student_id = ${P} and is_point_of_authority)
        update students s set parent_location_id = coalesce((select location_id from poa), s.parent_location_id), updated_at = now()
        from (select parent_location_id as before from students where tenant_id = ${t} and id = ${P}) old
        where s.tenant_id = ${t} and s.id = ${P} returning old.before, s.parent_location_id as after`,
    );
    await db().execute(sql`update students set merged_into_student_id = ${P}, updated_at = now() where tenant_id = ${t} and id = ${S}`);

    audit.unshift(
      {
        action: "merge",
        entityType: "student",
        entityId: P,
        studentId: P,
        details: {
          primaryStudentId: P,
          secondaryStudentId: S,
          enrollmentsMoved: moved.map((e) => e.id),
          scoresMoved,
          conflicts,
          ...(primary.before !== primary.after ? { before: { parentLocationId: primary.before }, after: { parentLocationId: primary.after } } : {}),
        },
      },
      {
        action: "retire",
        entityType: "student",
        entityId: S,
        studentId: S,
        details: { before: { mergedIntoStudentId: null }, after: { mergedIntoStudentId: P } },
      },
    );
    await writeAudit(actor, audit, origin);
    return { message: STUDENTS_MERGED, primaryStudentId: P, secondaryStudentId: S, enrollmentsMoved: moved.length, scoresMoved, conflicts };
  });
}

/**
 * Both children were assigned to one collection: the secondary's grades there join the primary's
 * enrollment (newer grade wins an item both graded; the other goes into the grade history), its
 * evidence and supports follow, and its assignment ends (the progress triggers keep the counts).
 */
async function foldCollection(actor: Actor, fold: Fold, primaryStudentId: number): Promise<{ moved: number; conflicts: AuditEntry[] }> {
  const t = actor.tenantId;
  const c = fold.data_collection_id;
  const keep = fold.primary_enrollment_id;
  const pairs = await rows<GradePair>(
    db(),
    sql`select s.assessment_item_id as item_id, s.id as secondary_score_id, p.id as primary_score_id, s.scale_entry_id as secondary_entry_id,
        p.scale_entry_id as primary_entry_id, s.comment as secondary_comment, s.entered_by as secondary_entered_by,
        s.updated_at::text as secondary_updated_at, p.id is not null and s.updated_at > p.updated_at as secondary_newer
      from scores s left join scores p on p.tenant_id = ${t} and p.data_collection_id = ${c} and p.student_enrollment_id = ${keep}
        and p.assessment_item_id = s.assessment_item_id
      where s.tenant_id = ${t} and s.data_collection_id = ${c} and s.student_enrollment_id = ${fold.secondary_enrollment_id}`,
  );
  const history = (scoreId: number, itemId: number, entryId: number, comment: string | null, action: "create" | "update", at: string | null) =>
    db()
      .execute(sql`insert into score_history (tenant_id, score_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, comment, action, changed_by, changed_at)
      values (${t}, ${scoreId}, ${c}, ${keep}, ${itemId}, ${entryId}, ${comment}, ${action}, ${actor.userId}, coalesce(${at}::timestamptz, now()))`);
  const conflicts: AuditEntry[] = [];
  let moved = 0;
  for (const pair of pairs) {
    if (pair.primary_score_id === null) {
      // Only the secondary graded it: the grade (and its evidence, by score id) moves over.
      await db().execute(sql`update scores set student_enrollment_id = ${keep} where tenant_id = ${t} and id = ${pair.secondary_score_id}`);
      await history(pair.secondary_score_id, pair.item_id, pair.secondary_entry_id, pair.secondary_comment, "create", null);
      moved += 1;
      continue;
    }
    const primaryScore = pair.primary_score_id;
    if (pair.secondary_newer) {
      await db().execute(sql`update scores set scale_entry_id = ${pair.secondary_entry_id}, comment = ${pair.secondary_comment},
        entered_by = ${pair.secondary_entered_by}, updated_at = ${pair.secondary_updated_at}::timestamptz where tenant_id = ${t} and id = ${primaryScore}`);
      await history(primaryScore, pair.item_id, pair.secondary_entry_id, pair.secondary_comment, "update", null);
    } else {
      // The older grade goes into the history at its own time, so the kept grade stays the latest.
      await history(primaryScore, pair.item_id, pair.secondary_entry_id, pair.secondary_comment, "update", pair.secondary_updated_at);
    }
    await db().execute(sql`update score_artifacts set score_id = ${primaryScore} where tenant_id = ${t} and score_id = ${pair.secondary_score_id}`);
    await db().execute(sql`delete from scores where tenant_id = ${t} and id = ${pair.secondary_score_id}`);
    conflicts.push({
      action: "merge",
      entityType: "score",
      entityId: primaryScore,
      studentId: primaryStudentId,
      details: {
        dataCollectionId: c,
        assessmentItemId: pair.item_id,
        kept: pair.secondary_newer ? "secondary" : "primary",
        before: { scaleEntryId: pair.primary_entry_id },
        after: { scaleEntryId: pair.secondary_newer ? pair.secondary_entry_id : pair.primary_entry_id },
      },
    });
  }
  await db().execute(sql`insert into student_supports (tenant_id, assignment_id, support_id)
    select ${t}, keep.id, ss.support_id from student_supports ss
    join student_data_collection_assignments sec on sec.tenant_id = ${t} and sec.id = ss.assignment_id
      and sec.data_collection_id = ${c} and sec.student_enrollment_id = ${fold.secondary_enrollment_id}
    join student_data_collection_assignments keep on keep.tenant_id = ${t} and keep.data_collection_id = ${c} and keep.student_enrollment_id = ${keep}
    where ss.tenant_id = ${t}
    on conflict do nothing`);
  await db().execute(sql`delete from student_data_collection_assignments where tenant_id = ${t} and data_collection_id = ${c}
    and student_enrollment_id = ${fold.secondary_enrollment_id}`);
  await db().execute(
    sql`delete from student_results where tenant_id = ${t} and data_collection_id = ${c} and student_enrollment_id = ${fold.secondary_enrollment_id}`,
  );
  return { moved, conflicts };
}
