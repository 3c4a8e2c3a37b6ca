import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { files, type FilePurpose } from "@/db/schema";
import { authorize, type Permission } from "@/lib/auth/permissions";
import type { Actor } from "../actor";
import { forTenant } from "../tenancy";
import { AppError, badRequest, notFound, tooManyRequests } from "../errors";
import { log } from "../logger";
import { readHead, storage } from "./index";
import { HEAD_BYTES, UPLOAD_RULES, contentMatches, refusalOf } from "./purposes";
import { UPLOAD_NOT_FOUND, checkPartList, isTenantKey, normalizeKey, safeFileName, tenantPrefix } from "./rules";
import type { CompleteUploadInput, CreateUploadInput } from "./schemas";

/** The permission to upload a file of each purpose. */
const UPLOAD_PERMISSION: Record<FilePurpose, Permission> = {
  "bulk-load": "uploads.bulkLoad",
  evidence: "uploads.evidence",
  "item-resource": "uploads.itemResource",
  "assessment-import": "uploads.assessmentImport",
  "tenant-resource": "uploads.tenantResource",
  oneroster: "uploads.oneroster",
};

/** Uploads one person may start within the window; more are refused with 429 until older ones age out. */
const UPLOAD_RATE = { max: 60, windowMinutes: 10 } as const;
const UPLOAD_RATE_LIMITED = `Too many uploads started: at most ${UPLOAD_RATE.max} in ${UPLOAD_RATE.windowMinutes} minutes. Wait a few minutes and try again.`;

/**
 * Every database step of an upload is its own forTenant: the storage calls between them (S3 over
 * the network) stay outside any transaction, and the cleanup in a catch block below never runs in
 * a transaction that a failed statement has aborted.
 */
const setStatus = (actor: Actor, fileId: number, values: Partial<typeof files.$inferInsert>) =>
  forTenant(actor, () =>
    db()
      .update(files)
      .set(values)
      .where(and(eq(files.tenantId, actor.tenantId), eq(files.id, fileId))),
  );

/**
 * Count the actor's recent uploads and reserve a row for the new one in one transaction, under a
 * per-user advisory lock: parallel requests cannot slip past the limit. The reservation's upload id
 * is filled in once storage has created the upload.
 */
function reserveUpload(actor: Actor, input: CreateUploadInput, bucket: string, key: string): Promise<number> {
  return forTenant(actor, async () => {
    const tx = db();
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uploads.create'), ${actor.userId})`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(files)
      .where(
        and(
          eq(files.tenantId, actor.tenantId),
          eq(files.ownerId, actor.userId),
          gt(files.createdAt, sql`now() - make_interval(mins => ${UPLOAD_RATE.windowMinutes})`),
        ),
      );
    if (n >= UPLOAD_RATE.max) throw tooManyRequests(UPLOAD_RATE_LIMITED);
    const [row] = await tx
      .insert(files)
      .values({
        tenantId: actor.tenantId,
        ownerId: actor.userId,
        purpose: input.purpose,
        bucket,
        storageKey: key,
        originalFileName: input.fileName,
        contentType: input.contentType,
        declaredSize: input.size,
      })
      .returning({ id: files.id });
    return row.id;
  });
}

/**
 * Start a multipart upload: the server names the object under the actor's tenant (a client never
 * chooses a key), picks the part size and presigns one URL per part, each for exactly its part's
 * bytes (the last part takes the remainder).
 */
export async function createUpload(actor: Actor, input: CreateUploadInput) {
  authorize(actor, UPLOAD_PERMISSION[input.purpose]);
  // What the purpose does not take is refused before anything is reserved or presigned.
  const refusal = refusalOf(input.purpose, input);
  if (refusal) throw new AppError(refusal.field === "size" ? 413 : 400, refusal.message, [refusal]);
  const store = storage();
  const key = `${tenantPrefix(actor.tenantId)}${input.purpose}/${randomUUID()}/${safeFileName(input.fileName)}`;
  const id = await reserveUpload(actor, input, store.bucket, key);
  let upload;
  try {
    upload = await store.createMultipartUpload({ key, contentType: input.contentType, size: input.size });
  } catch (error) {
    await setStatus(actor, id, { status: "aborted" });
    throw error;
  }
  const partCount = Math.ceil(input.size / upload.partSize);
  try {
    const parts = await Promise.all(
      Array.from({ length: partCount }, async (_, i) => ({
        partNumber: i + 1,
        url: await store.presignPart({
          key: upload.s3FileName,
          uploadId: upload.uploadId,
          partNumber: i + 1,
          size: Math.min(upload.partSize, input.size - i * upload.partSize),
        }),
      })),
    );
    await setStatus(actor, id, { uploadId: upload.uploadId });
    log.info("upload started", { fileId: id, tenantId: actor.tenantId, purpose: input.purpose, size: input.size, parts: partCount });
    return { id, ...upload, parts };
  } catch (error) {
    await store.abortMultipartUpload({ key: upload.s3FileName, uploadId: upload.uploadId });
    await setStatus(actor, id, { status: "aborted" });
    throw error;
  }
}

/**
 * Join the uploaded parts. Only the uploader completes, and only an upload of the actor's tenant:
 * anything else is "not found". A repeated completion answers the finished file again.
 */
export async function completeUpload(actor: Actor, input: CompleteUploadInput) {
  const key = normalizeKey(input.s3FileName);
  if (!isTenantKey(key, actor.tenantId)) throw notFound(UPLOAD_NOT_FOUND);
  const store = storage();
  if (input.bucket !== store.bucket) throw badRequest("Unknown bucket");
  checkPartList(input.parts);
  const [row] = await forTenant(actor, () =>
    db()
      .select()
      .from(files)
      .where(and(eq(files.tenantId, actor.tenantId), eq(files.bucket, input.bucket), eq(files.storageKey, key), eq(files.ownerId, actor.userId)))
      .limit(1),
  );
  if (!row || row.uploadId !== input.uploadId || row.status === "aborted") throw notFound(UPLOAD_NOT_FOUND);
  const answer = (size: number) => ({ id: row.id, s3FileName: row.storageKey, bucket: row.bucket, size });
  if (row.status === "complete") return answer(row.size ?? 0);

  const { size } = await store.completeMultipartUpload({ key, uploadId: input.uploadId, parts: input.parts });
  if (size !== row.declaredSize) {
    // The announced size chose the part count and passed the size limit: a different file is refused.
    await store.deleteObject(key);
    await setStatus(actor, row.id, { status: "aborted" });
    throw new AppError(400, "The uploaded file does not match the announced size");
  }
  // The stored bytes must be what the name says (a PDF starts %PDF-, a CSV has no NUL) before anything uses the file.
  const head = await readHead(key, HEAD_BYTES);
  if (!contentMatches(row.purpose, row.originalFileName, head)) {
    await store.deleteObject(key);
    await setStatus(actor, row.id, { status: "aborted" });
    throw new AppError(400, UPLOAD_RULES[row.purpose].typeMessage, [{ field: "s3FileName", message: "The file's content does not match its name" }]);
  }
  await setStatus(actor, row.id, { status: "complete", size, completedAt: new Date() });
  log.info("upload completed", { fileId: row.id, tenantId: actor.tenantId, size });
  return answer(size);
}

/** A completed file of the actor's tenant, visible to its uploader and to tenant-wide roles. */
export async function getFile(actor: Actor, fileId: number) {
  const [row] = await forTenant(actor, () =>
    db()
      .select()
      .from(files)
      .where(and(eq(files.tenantId, actor.tenantId), eq(files.id, fileId), eq(files.status, "complete")))
      .limit(1),
  );
  if (!row || (row.ownerId !== actor.userId && !actor.tenantWide)) throw notFound("File not found");
  return row;
}

/** A short-lived URL that downloads the file under its original name. */
export async function fileDownloadUrl(actor: Actor, fileId: number, expiresIn?: number): Promise<string> {
  const row = await getFile(actor, fileId);
  return storage().presignDownload(row.storageKey, { fileName: row.originalFileName, expiresIn });
}

/**
 * Abort uploads left unfinished (a scheduled job's work; S3 keeps unfinished parts until aborted).
 * Across tenants: the job runner runs it asSystem.
 */
export async function abortStaleUploads(olderThanMs = 24 * 3600_000): Promise<number> {
  const stale = await db()
    .select({ id: files.id, tenantId: files.tenantId, key: files.storageKey, uploadId: files.uploadId })
    .from(files)
    .where(and(eq(files.status, "uploading"), lt(files.createdAt, new Date(Date.now() - olderThanMs))));
  for (const row of stale) {
    if (row.uploadId) await storage().abortMultipartUpload({ key: row.key, uploadId: row.uploadId });
    await db()
      .update(files)
      .set({ status: "aborted" })
      .where(and(eq(files.tenantId, row.tenantId), eq(files.id, row.id), eq(files.status, "uploading")));
  }
  return stale.length;
}
