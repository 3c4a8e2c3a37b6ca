import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { dataCollections, enrollmentAssociations, studentDataCollectionAssignments, studentEnrollments } from "@/db/schema";
import { assignedToTeacher } from "@/lib/collections/queries";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";

/**
 * Who a teacher may read and score: an active enrollment rostered to them (enrollment_associations)
 * and assigned to the collection, in a collection assigned to their location (or the district or
 * region above it). Everything else answers 404, never 403: existence is not disclosed.
 */

/** Condition on an enrollment id column: rostered to the actor, active and assigned to the collection. */
export function rosteredTo(actor: Actor, collectionId: number, enrollmentId: SQL | typeof studentEnrollments.id): SQL {
  const t = actor.tenantId;
  const a = studentDataCollectionAssignments;
  return sql`exists (select 1 from ${a}
    join ${enrollmentAssociations} on ${enrollmentAssociations.tenantId} = ${t}
      and ${enrollmentAssociations.studentEnrollmentId} = ${a.studentEnrollmentId} and ${enrollmentAssociations.userId} = ${actor.userId}
    join ${studentEnrollments} on ${studentEnrollments.tenantId} = ${t} and ${studentEnrollments.id} = ${a.studentEnrollmentId} and ${studentEnrollments.active}
    where ${a.tenantId} = ${t} and ${a.dataCollectionId} = ${collectionId} and ${a.studentEnrollmentId} = ${enrollmentId})`;
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
  const [row] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from unnest(${list}) as e(id)
    where ${teacherCollection(actor, collectionId)} and ${rosteredTo(actor, collectionId, sql`e.id`)}`);
  if (Number(row?.n ?? 0) !== unique.length) throw notFound("Student not found");
}
