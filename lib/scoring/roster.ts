import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db, rows } from "@/db/client";
import { dataCollections } from "@/db/schema";
import { assignedToTeacher } from "@/lib/collections/queries";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";

/**
 * Who a teacher may read and score: an active enrollment rostered to them (enrollment_associations)
 * and assigned to the collection, in a collection assigned to their location (or the district or
 * region above it). Everything else answers 404, never 403: existence is not disclosed.
 */

/**
 * Condition on an enrollment id column: rostered to the actor, active and assigned to the collection.
 * Compared with the roster computed once (an InitPlan), never joined per row: without statistics a
 * join guessed one row and scanned a tenant's enrollments for each of the collection's grades.
 */
export function rosteredTo(actor: Actor, collectionId: number, enrollmentId: SQL | AnyPgColumn): SQL {
  return sql`${enrollmentId} = any(${rosterArray(actor, collectionId)})`;
}

/**
 * The teacher's rostered, active enrollments assigned to the collection, as a subquery of ids:
 * driven by the teacher's roster (an index range), each checked by one probe of the enrollment's
 * and the assignment's unique keys (OFFSET 0 keeps a probe from becoming a join whose plan would
 * hang on estimates), never by the collection's 100,000 assignments.
 */
export function rosterIds(actor: Actor, collectionId: number): SQL {
  const t = actor.tenantId;
  return sql`(select r_ea.student_enrollment_id from enrollment_associations r_ea
    where r_ea.tenant_id = ${t} and r_ea.user_id = ${actor.userId}
      and exists (select from student_enrollments r_e where r_e.tenant_id = ${t} and r_e.id = r_ea.student_enrollment_id and r_e.active offset 0)
      and exists (select from student_data_collection_assignments r_a where r_a.tenant_id = ${t} and r_a.data_collection_id = ${collectionId}
        and r_a.student_enrollment_id = r_ea.student_enrollment_id offset 0))`;
}

/**
 * The roster as an int[] computed once: `column = any(${rosterArray(...)})` probes an index by each
 * id (a class is ~21 children), whatever the planner guesses of the table around it.
 */
export function rosterArray(actor: Actor, collectionId: number): SQL {
  return sql`array${rosterIds(actor, collectionId)}`;
}

/** Condition: the collection is the teacher's (assigned to their location, not deleted, own tenant). */
export function teacherCollection(actor: Actor, collectionId: number): SQL {
  return sql`exists (select 1 from ${dataCollections} where ${and(
    eq(dataCollections.tenantId, actor.tenantId),
    eq(dataCollections.id, collectionId),
    sql`${dataCollections.deletedAt} is null`,
    assignedToTeacher(actor),
  )})`;
}

/**
 * The enrollments among `ids` the teacher may work with in the collection; throws 404 when any is
 * not (or the collection is not theirs). Run inside the caller's forTenant.
 */
export async function requireRostered(actor: Actor, collectionId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const list = sql`${`{${unique.join(",")}}`}::int[]`;
  const [row] = await rows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from unnest(${list}) as e(id)
    where ${teacherCollection(actor, collectionId)} and ${rosteredTo(actor, collectionId, sql`e.id`)}`,
  );
  if (Number(row?.n ?? 0) !== unique.length) throw notFound("Student not found");
}

/** 404 unless the collection is the teacher's. Run inside the caller's forTenant. */
export async function requireTeacherCollection(actor: Actor, collectionId: number): Promise<void> {
  const [row] = await rows<{ ok: boolean }>(db(), sql`select ${teacherCollection(actor, collectionId)} as ok`);
  if (!row?.ok) throw notFound();
}
