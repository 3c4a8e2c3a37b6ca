import "server-only";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { scoreArtifacts, scores, studentDataCollectionAssignments, studentEnrollments, studentResults, students } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import { requireTeacherCollection, rosterArray } from "./roster";
import type { Grade } from "./score-schemas";
import type { RosterStudent } from "./grade-schemas";

/** Grades of a collection as the API names their fields, with their evidence count; `where` narrows them. */
export function selectGrades(tenantId: number, collectionId: number, where: SQL) {
  return db()
    .select({
      id: scores.id,
      studentEnrollmentId: scores.studentEnrollmentId,
      assessmentItemsId: scores.assessmentItemId,
      assessmentItemsScalesEntriesId: scores.scaleEntryId,
      comment: scores.comment,
      artifactCount:
        sql<number>`(select count(*)::int from ${scoreArtifacts} where ${scoreArtifacts.tenantId} = ${tenantId} and ${scoreArtifacts.scoreId} = ${scores.id})`.mapWith(
          Number,
        ),
      updatedAt: scores.updatedAt,
    })
    .from(scores)
    .where(and(eq(scores.tenantId, tenantId), eq(scores.dataCollectionId, collectionId), where));
}

export const toGrade = (g: Awaited<ReturnType<typeof selectGrades>>[number]): Grade => ({ ...g, updatedAt: toUnix(g.updatedAt) ?? 0 });

/** GET /data-collections/{id}/grades: every grade of the teacher's rostered children in the collection. */
export async function listGrades(actor: Actor, collectionId: number): Promise<Grade[]> {
  authorize(actor, "collections.teacherRead");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireTeacherCollection(actor, collectionId);
    const found = await selectGrades(t, collectionId, sql`${scores.studentEnrollmentId} = any(${rosterArray(actor, collectionId)})`).orderBy(
      asc(scores.studentEnrollmentId),
      asc(scores.assessmentItemId),
    );
    return found.map(toGrade);
  });
}

/**
 * GET /data-collections/{id}/students/legacy: the teacher's rostered children assigned to the
 * collection, by name, with their stored results (progress, domain scores, level).
 */
export async function listRosterStudents(actor: Actor, collectionId: number): Promise<RosterStudent[]> {
  authorize(actor, "collections.teacherRead");
  const t = actor.tenantId;
  const a = studentDataCollectionAssignments;
  return forTenant(actor, async () => {
    await requireTeacherCollection(actor, collectionId);
    const found = await db()
      .select({
        studentEnrollmentId: a.studentEnrollmentId,
        studentId: students.id,
        tenantUniqueId: students.tenantUniqueId,
        firstName: students.firstName,
        lastName: students.lastName,
        assignmentId: a.id,
        supportComment: a.supportComment,
        progress: sql<number>`coalesce(${studentResults.progress}, 0)`.mapWith(Number),
        scoredItems: sql<number>`coalesce(${studentResults.scoredItems}, 0)`.mapWith(Number),
        totalItems: studentResults.totalItems,
        overallScore: studentResults.overallScore,
        performanceLevel: studentResults.performanceLevel,
        domainScores: studentResults.domainScores,
      })
      .from(a)
      .innerJoin(studentEnrollments, and(eq(studentEnrollments.tenantId, t), eq(studentEnrollments.id, a.studentEnrollmentId)))
      .innerJoin(students, and(eq(students.tenantId, t), eq(students.id, studentEnrollments.studentId)))
      .leftJoin(
        studentResults,
        and(eq(studentResults.tenantId, t), eq(studentResults.dataCollectionId, collectionId), eq(studentResults.studentEnrollmentId, a.studentEnrollmentId)),
      )
      .where(and(eq(a.tenantId, t), eq(a.dataCollectionId, collectionId), sql`${a.studentEnrollmentId} = any(${rosterArray(actor, collectionId)})`))
      .orderBy(asc(students.lastName), asc(students.firstName), asc(a.studentEnrollmentId));
    return found.map((s) => ({ ...s, totalItems: s.totalItems ?? 0, domainScores: s.domainScores ?? {} }));
  });
}
