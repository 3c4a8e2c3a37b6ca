import "server-only";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { dataCollections, files, scoreArtifacts, scores, studentEnrollments } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { badRequest, conflict, notFound } from "@/lib/platform/errors";
import { errorFields, log } from "@/lib/platform/logger";
import { storage } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import {
  MAX_ARTIFACTS_PER_GRADE,
  MAX_EVIDENCE_BYTES,
  TOO_LARGE,
  TOO_MANY,
  TYPE_NOT_ALLOWED,
  UPLOAD_UNKNOWN,
  baseType,
  type Artifact,
  type RecordArtifactsInput,
} from "./artifacts-schemas";
import { rosteredTo, teacherCollection } from "./roster";

const ENTITY = "score_artifact";
const WINDOW_CLOSED = "The assessment window is closed: evidence can no longer be changed";
const WINDOW_NOT_OPEN = "The assessment window has not opened yet";

/**
 * The grade (a scores row) of the collection, of a student rostered to the teacher, with the child's
 * student id for the audit; 404 for anything else. Run inside forTenant. `forWrite` holds the grade
 * row, so parallel attachments cannot pass the per-grade limit together, and applies the scores'
 * rule: evidence changes only within the collection's window (409 outside it).
 */
async function findGrade(actor: Actor, collectionId: number, gradeId: number, forWrite = false) {
  const query = db()
    .select({ id: scores.id, studentId: studentEnrollments.studentId, start: dataCollections.cycleStartDate, end: dataCollections.cycleEndDate })
    .from(scores)
    .innerJoin(studentEnrollments, and(eq(studentEnrollments.tenantId, scores.tenantId), eq(studentEnrollments.id, scores.studentEnrollmentId)))
    .innerJoin(dataCollections, and(eq(dataCollections.tenantId, scores.tenantId), eq(dataCollections.id, scores.dataCollectionId)))
    .where(
      and(
        eq(scores.tenantId, actor.tenantId),
        eq(scores.id, gradeId),
        eq(scores.dataCollectionId, collectionId),
        teacherCollection(actor, collectionId),
        rosteredTo(actor, collectionId, scores.studentEnrollmentId),
      ),
    )
    .limit(1);
  const [row] = await (forWrite ? query.for("update", { of: scores }) : query);
  if (!row) throw notFound("Grade not found");
  if (forWrite) {
    const now = new Date();
    if (now < row.start) throw conflict(WINDOW_NOT_OPEN);
    if (now > row.end) throw conflict(WINDOW_CLOSED);
  }
  return row;
}

/** Rows as answered, each with a signed download URL; signed outside any transaction (no connection held). */
function withDownloadUrls(rows: (typeof scoreArtifacts.$inferSelect)[]): Promise<Artifact[]> {
  const store = storage();
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      originalFileName: r.originalFileName,
      sizeBytes: r.sizeBytes,
      contentType: r.contentType,
      createdAt: toUnix(r.createdAt) ?? 0,
      downloadUrl: await store.presignDownload(r.fileName, { fileName: r.originalFileName }),
    })),
  );
}

/** The grade's evidence, oldest first, each with a short-lived download URL under its original name. */
export async function listArtifacts(actor: Actor, collectionId: number, gradeId: number): Promise<Artifact[]> {
  authorize(actor, "collections.teacherRead");
  const rows = await forTenant(actor, async () => {
    await findGrade(actor, collectionId, gradeId);
    return db()
      .select()
      .from(scoreArtifacts)
      .where(and(eq(scoreArtifacts.tenantId, actor.tenantId), eq(scoreArtifacts.scoreId, gradeId)))
      .orderBy(asc(scoreArtifacts.createdAt), asc(scoreArtifacts.id));
  });
  return withDownloadUrls(rows);
}

/**
 * Attach uploaded files to a grade. Each key must name a completed evidence upload of this teacher
 * in their tenant, not yet attached anywhere, whose stored size and type are those given: the rows
 * of the files table, written by the upload protocol, are the proof. The object's presence in
 * storage is checked before the transaction (S3 over the network stays outside it).
 */
export async function recordArtifacts(
  actor: Actor,
  collectionId: number,
  gradeId: number,
  input: RecordArtifactsInput,
  origin?: AuditOrigin,
): Promise<Artifact[]> {
  authorize(actor, "scores.teacherWrite");
  authorize(actor, "uploads.evidence");
  const keys = input.files.map((f) => f.fileName);
  if (new Set(keys).size !== keys.length) throw badRequest("The same file is listed twice");
  // The grade is checked first, so a stranger learns nothing about keys; the storage check follows.
  await forTenant(actor, () => findGrade(actor, collectionId, gradeId, true));
  const store = storage();
  for (const key of keys) {
    if (!(await store.exists(key).catch(() => false))) throw badRequest(UPLOAD_UNKNOWN);
  }
  const created = await forTenant(actor, async () => {
    // Only the uploader attaches their files: one lock per user keeps a file on one grade under parallel requests.
    await db().execute(sql`select pg_advisory_xact_lock(hashtext('evidence.attach'), ${actor.userId})`);
    const grade = await findGrade(actor, collectionId, gradeId, true);
    const [{ n }] = await db()
      .select({ n: count() })
      .from(scoreArtifacts)
      .where(and(eq(scoreArtifacts.tenantId, actor.tenantId), eq(scoreArtifacts.scoreId, gradeId)));
    if (n + input.files.length > MAX_ARTIFACTS_PER_GRADE) throw badRequest(TOO_MANY);
    const uploads = await db()
      .select()
      .from(files)
      .where(
        and(
          eq(files.tenantId, actor.tenantId),
          eq(files.bucket, store.bucket),
          inArray(files.storageKey, keys),
          eq(files.ownerId, actor.userId),
          eq(files.purpose, "evidence"),
          eq(files.status, "complete"),
        ),
      );
    const attached = await db()
      .select({ key: scoreArtifacts.fileName })
      .from(scoreArtifacts)
      .where(and(eq(scoreArtifacts.tenantId, actor.tenantId), inArray(scoreArtifacts.fileName, keys)));
    if (attached.length) throw badRequest("This file is already attached to a grade");
    const values = input.files.map((f) => {
      const upload = uploads.find((u) => u.storageKey === f.fileName);
      if (!upload) throw badRequest(UPLOAD_UNKNOWN);
      const size = upload.size ?? 0;
      if (size > MAX_EVIDENCE_BYTES) throw badRequest(TOO_LARGE);
      if (size !== f.sizeBytes) throw badRequest("File size does not match the upload");
      // The stored object is served with the upload's type: that one must be allowed too.
      if (baseType(upload.contentType) !== baseType(f.contentType)) throw badRequest(TYPE_NOT_ALLOWED);
      return {
        tenantId: actor.tenantId,
        scoreId: grade.id,
        fileName: upload.storageKey,
        originalFileName: f.originalFileName,
        sizeBytes: size,
        contentType: baseType(f.contentType),
        uploadedBy: actor.userId,
      };
    });
    const rows = await db().insert(scoreArtifacts).values(values).returning();
    await writeAudit(
      actor,
      rows.map((r) => ({
        action: "create",
        entityType: ENTITY,
        entityId: r.id,
        studentId: grade.studentId,
        details: { scoreId: grade.id, dataCollectionId: collectionId, fileId: uploads.find((u) => u.storageKey === r.fileName)?.id },
      })),
      origin,
    );
    return rows;
  });
  return withDownloadUrls(created);
}

/**
 * Remove one piece of evidence: the row (with its audit row) first, then the stored object once that
 * has committed, so no row ever points at a missing file. A failed object delete leaves an orphan in
 * storage, logged, never a broken attachment.
 */
export async function deleteArtifact(actor: Actor, collectionId: number, gradeId: number, artifactId: number, origin?: AuditOrigin): Promise<void> {
  authorize(actor, "scores.teacherWrite");
  const key = await forTenant(actor, async () => {
    const grade = await findGrade(actor, collectionId, gradeId, true);
    const [row] = await db()
      .delete(scoreArtifacts)
      .where(and(eq(scoreArtifacts.tenantId, actor.tenantId), eq(scoreArtifacts.scoreId, gradeId), eq(scoreArtifacts.id, artifactId)))
      .returning({ id: scoreArtifacts.id, fileName: scoreArtifacts.fileName });
    if (!row) throw notFound("File not found");
    await writeAudit(
      actor,
      [{ action: "delete", entityType: ENTITY, entityId: row.id, studentId: grade.studentId, details: { scoreId: grade.id, dataCollectionId: collectionId } }],
      origin,
    );
    return row.fileName;
  });
  try {
    await storage().deleteObject(key);
  } catch (error) {
    log.warn("evidence file left in storage", { tenantId: actor.tenantId, artifactId, ...errorFields(error) });
  }
}
