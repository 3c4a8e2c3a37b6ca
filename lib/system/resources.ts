import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentItemResources, files } from "@/db/schema";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { fieldError, notFound } from "@/lib/platform/errors";
import { normalizeKey, storage } from "@/lib/platform/storage";
import { auditSystem, systemWork } from "./change";
import { itemOr404 } from "./items";

/*
 * Item resources: files (picture cards, audio prompts) uploaded through the multipart protocol with
 * purpose item-resource, then attached to an item by the key complete-multipart-upload answered.
 * Removing a resource keeps the stored object: an imported copy of the assessment refers to the
 * same object.
 */

const resourceColumns = {
  id: assessmentItemResources.id,
  assessmentItemId: assessmentItemResources.assessmentItemId,
  fileName: assessmentItemResources.fileName,
  originalFileName: assessmentItemResources.originalFileName,
  sizeBytes: assessmentItemResources.sizeBytes,
  contentType: assessmentItemResources.contentType,
};

export function listResources(actor: Actor, assessmentId: number, itemId: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: item resources", async () => {
    await itemOr404(assessmentId, itemId);
    return db()
      .select(resourceColumns)
      .from(assessmentItemResources)
      .where(eq(assessmentItemResources.assessmentItemId, itemId))
      .orderBy(asc(assessmentItemResources.id));
  });
}

/**
 * POST .../resources {fileName, sizeBytes}: the file must be a completed item-resource upload of the
 * actor's own tenant (as the uploader, or a tenant-wide role) whose stored size is sizeBytes.
 */
export function addResource(actor: Actor, assessmentId: number, itemId: number, input: { fileName: string; sizeBytes: number }, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.assessments", "assessment editor: attach a resource", async () => {
    await itemOr404(assessmentId, itemId);
    const key = normalizeKey(input.fileName);
    const [file] = await db()
      .select()
      .from(files)
      .where(and(eq(files.tenantId, actor.tenantId), eq(files.storageKey, key), eq(files.status, "complete"), eq(files.purpose, "item-resource")));
    if (!file || (file.ownerId !== actor.userId && !actor.tenantWide)) throw fieldError("fileName", "Upload the file as an item resource first");
    if (file.size !== input.sizeBytes) throw fieldError("sizeBytes", "The size does not match the uploaded file");
    const [row] = await db()
      .insert(assessmentItemResources)
      .values({ assessmentItemId: itemId, fileName: key, originalFileName: file.originalFileName, sizeBytes: input.sizeBytes, contentType: file.contentType })
      .returning(resourceColumns);
    await auditSystem(actor, "create", "assessment_item_resource", row.id, { assessmentId, itemId, fileId: file.id, sizeBytes: row.sizeBytes }, origin);
    return row;
  });
}

export function deleteResource(actor: Actor, assessmentId: number, itemId: number, id: number, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.assessments", "assessment editor: remove a resource", async () => {
    await itemOr404(assessmentId, itemId);
    const [row] = await db()
      .delete(assessmentItemResources)
      .where(and(eq(assessmentItemResources.assessmentItemId, itemId), eq(assessmentItemResources.id, id)))
      .returning({ id: assessmentItemResources.id });
    if (!row) throw notFound("Resource not found");
    await auditSystem(actor, "delete", "assessment_item_resource", id, { assessmentId, itemId }, origin);
    return { id };
  });
}

/** A short-lived URL that downloads the resource under its original name, byte for byte as uploaded. */
export function resourceDownloadUrl(actor: Actor, assessmentId: number, itemId: number, id: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: download a resource", async () => {
    await itemOr404(assessmentId, itemId);
    const [row] = await db()
      .select(resourceColumns)
      .from(assessmentItemResources)
      .where(and(eq(assessmentItemResources.assessmentItemId, itemId), eq(assessmentItemResources.id, id)));
    if (!row) throw notFound("Resource not found");
    return storage().presignDownload(row.fileName, { fileName: row.originalFileName });
  });
}
