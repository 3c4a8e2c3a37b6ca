import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { dataCollectionSupports, studentDataCollectionAssignments, studentEnrollments, studentSupports } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditEntry, type AuditOrigin } from "@/lib/platform/audit";
import { fieldError, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { requireRostered, requireTeacherCollection, rosteredTo } from "./roster";
import type { StudentSupport, Support, SupportAssignment } from "./supports-schemas";

const a = studentDataCollectionAssignments;
const ss = studentSupports;
const s = dataCollectionSupports;

/** Supports of the teacher's rostered students in the collection, or of one of them. */
function studentRows(actor: Actor, collectionId: number, enrollmentId?: number): Promise<StudentSupport[]> {
  const t = actor.tenantId;
  return db()
    .select({ id: ss.id, assignment_id: ss.assignmentId, support_id: ss.supportId, studentEnrollmentId: a.studentEnrollmentId, label: s.label, code: s.code })
    .from(ss)
    .innerJoin(a, and(eq(a.tenantId, t), eq(a.id, ss.assignmentId)))
    .innerJoin(s, and(eq(s.tenantId, t), eq(s.id, ss.supportId)))
    .where(
      and(
        eq(ss.tenantId, t),
        eq(a.dataCollectionId, collectionId),
        enrollmentId === undefined ? rosteredTo(actor, collectionId, a.studentEnrollmentId) : eq(a.studentEnrollmentId, enrollmentId),
      ),
    )
    .orderBy(asc(a.studentEnrollmentId), asc(s.label), asc(ss.id));
}

/** The supports students' rows answer and the collection's offered supports, for one of the teacher's collections. */
export async function listTeacherSupports(
  actor: Actor,
  collectionId: number,
): Promise<{ dataCollectionsStudentSupports: StudentSupport[]; supports: Support[] }> {
  authorize(actor, "collections.teacherRead");
  return forTenant(actor, async () => {
    await requireTeacherCollection(actor, collectionId);
    const supports = await db()
      .select({ id: s.id, label: s.label, code: s.code })
      .from(s)
      .where(and(eq(s.tenantId, actor.tenantId), eq(s.dataCollectionId, collectionId)))
      .orderBy(asc(s.label), asc(s.id));
    return { dataCollectionsStudentSupports: await studentRows(actor, collectionId), supports };
  });
}

/** The rostered student's assignment to the collection (404 otherwise), with the child's id for audit rows. */
async function assignmentOf(actor: Actor, collectionId: number, enrollmentId: number) {
  await requireRostered(actor, collectionId, [enrollmentId]);
  const [row] = await db()
    .select({ id: a.id, studentId: studentEnrollments.studentId })
    .from(a)
    .innerJoin(studentEnrollments, and(eq(studentEnrollments.tenantId, actor.tenantId), eq(studentEnrollments.id, a.studentEnrollmentId)))
    .where(and(eq(a.tenantId, actor.tenantId), eq(a.dataCollectionId, collectionId), eq(a.studentEnrollmentId, enrollmentId)))
    .for("update", { of: a });
  if (!row) throw notFound("Student not found");
  return row;
}

/** 400 unless every id is one of the collection's supports. */
async function requireOffered(actor: Actor, collectionId: number, field: string, supportIds: number[]): Promise<void> {
  const unique = [...new Set(supportIds)];
  if (!unique.length) return;
  const found = await db()
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.tenantId, actor.tenantId), eq(s.dataCollectionId, collectionId), inArray(s.id, unique)));
  if (found.length !== unique.length) throw fieldError(field, "Support is not offered in this collection");
}

type Assignment = Awaited<ReturnType<typeof assignmentOf>>;

function auditEntry(
  action: "create" | "delete",
  row: { id: number; supportId: number },
  assignment: Assignment,
  collectionId: number,
  enrollmentId: number,
): AuditEntry {
  return {
    action,
    entityType: "student_support",
    entityId: row.id,
    studentId: assignment.studentId,
    details: { dataCollectionId: collectionId, studentEnrollmentId: enrollmentId, assignmentId: assignment.id, supportId: row.supportId },
  };
}

/** Adds one of the collection's supports to a rostered student (kept once); answers the student's supports. */
export async function addStudentSupport(
  actor: Actor,
  collectionId: number,
  enrollmentId: number,
  supportId: number,
  origin?: AuditOrigin,
): Promise<StudentSupport[]> {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    const assignment = await assignmentOf(actor, collectionId, enrollmentId);
    await requireOffered(actor, collectionId, "supportId", [supportId]);
    const added = await db()
      .insert(ss)
      .values({ tenantId: actor.tenantId, assignmentId: assignment.id, supportId })
      .onConflictDoNothing()
      .returning({ id: ss.id, supportId: ss.supportId });
    await writeAudit(
      actor,
      added.map((r) => auditEntry("create", r, assignment, collectionId, enrollmentId)),
      origin,
    );
    return studentRows(actor, collectionId, enrollmentId);
  });
}

/** Replaces a rostered student's supports in the collection with `supportIds`; answers the student's supports. */
export async function replaceStudentSupports(
  actor: Actor,
  collectionId: number,
  enrollmentId: number,
  supportIds: number[],
  origin?: AuditOrigin,
): Promise<StudentSupport[]> {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    const assignment = await assignmentOf(actor, collectionId, enrollmentId);
    await requireOffered(actor, collectionId, "supportIds", supportIds);
    const wanted = new Set(supportIds);
    const current = await db()
      .select({ id: ss.id, supportId: ss.supportId })
      .from(ss)
      .where(and(eq(ss.tenantId, actor.tenantId), eq(ss.assignmentId, assignment.id)));
    const removed = current.filter((r) => !wanted.has(r.supportId));
    if (removed.length)
      await db()
        .delete(ss)
        .where(
          and(
            eq(ss.tenantId, actor.tenantId),
            inArray(
              ss.id,
              removed.map((r) => r.id),
            ),
          ),
        );
    const have = new Set(current.map((r) => r.supportId));
    const missing = [...wanted].filter((id) => !have.has(id));
    const added = missing.length
      ? await db()
          .insert(ss)
          .values(missing.map((supportId) => ({ tenantId: actor.tenantId, assignmentId: assignment.id, supportId })))
          .returning({ id: ss.id, supportId: ss.supportId })
      : [];
    await writeAudit(
      actor,
      [
        ...removed.map((r) => auditEntry("delete", r, assignment, collectionId, enrollmentId)),
        ...added.map((r) => auditEntry("create", r, assignment, collectionId, enrollmentId)),
      ],
      origin,
    );
    return studentRows(actor, collectionId, enrollmentId);
  });
}

/** Removes one support row of a rostered student in the collection (404 otherwise); answers the student's supports. */
export async function removeStudentSupport(actor: Actor, collectionId: number, id: number, origin?: AuditOrigin): Promise<StudentSupport[]> {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    const [row] = await db()
      .select({ id: ss.id, supportId: ss.supportId, enrollmentId: a.studentEnrollmentId })
      .from(ss)
      .innerJoin(a, and(eq(a.tenantId, actor.tenantId), eq(a.id, ss.assignmentId)))
      .where(and(eq(ss.tenantId, actor.tenantId), eq(ss.id, id), eq(a.dataCollectionId, collectionId)));
    if (!row) throw notFound();
    const assignment = await assignmentOf(actor, collectionId, row.enrollmentId);
    await db()
      .delete(ss)
      .where(and(eq(ss.tenantId, actor.tenantId), eq(ss.id, id)));
    await writeAudit(actor, [auditEntry("delete", row, assignment, collectionId, row.enrollmentId)], origin);
    return studentRows(actor, collectionId, row.enrollmentId);
  });
}

/** Sets or clears the note on a rostered student's supports in one of the teacher's collections. */
export async function updateSupportComment(actor: Actor, assignmentId: number, comment: string | null, origin?: AuditOrigin): Promise<SupportAssignment> {
  authorize(actor, "scores.teacherWrite");
  return forTenant(actor, async () => {
    const [found] = await db()
      .select({ dataCollectionId: a.dataCollectionId, studentEnrollmentId: a.studentEnrollmentId })
      .from(a)
      .where(and(eq(a.tenantId, actor.tenantId), eq(a.id, assignmentId)));
    if (!found) throw notFound("Student not found");
    const assignment = await assignmentOf(actor, found.dataCollectionId, found.studentEnrollmentId);
    const [row] = await db()
      .update(a)
      .set({ supportComment: comment })
      .where(and(eq(a.tenantId, actor.tenantId), eq(a.id, assignmentId)))
      .returning({ id: a.id, studentEnrollmentId: a.studentEnrollmentId, dataCollectionId: a.dataCollectionId, supportComment: a.supportComment });
    await writeAudit(
      actor,
      [
        {
          action: "update",
          entityType: "student_assignment",
          entityId: assignmentId,
          studentId: assignment.studentId,
          details: { dataCollectionId: found.dataCollectionId, studentEnrollmentId: found.studentEnrollmentId, fields: ["supportComment"] },
        },
      ],
      origin,
    );
    return row;
  });
}
