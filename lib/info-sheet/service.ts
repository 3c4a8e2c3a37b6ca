import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { files, tenants } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { env } from "@/lib/platform/env";
import { fieldError, notFound } from "@/lib/platform/errors";
import { errorFields, log } from "@/lib/platform/logger";
import { readHead, storage, tenantPrefix } from "@/lib/platform/storage";
import { getFile } from "@/lib/platform/storage/uploads";
import { forTenant } from "@/lib/platform/tenancy";
import { auditSystem, systemWork } from "@/lib/system/change";

/**
 * The tenant's info sheet (platform §7: 'An info-sheet PDF is fetched from a tenant-resources storage
 * location chosen by environment'): one PDF per tenant at `tenants/<id>/<TENANT_RESOURCES_PATH>/info-sheet.pdf`.
 * A tenant or system admin uploads it (the multipart upload, purpose tenant-resource) and publishes
 * it here, replacing the one before; teachers and admins download it. A tenant admin acts on their own
 * tenant; a system admin also on any tenant from its system page (POST /tenants/{id}/info-sheet).
 */

const INFO_SHEET_MAX_BYTES = 10 * 1024 * 1024;
const NOT_A_PDF = "The info sheet must be a PDF file";
export const TOO_LARGE = "The info sheet may not exceed 10 MB";
const WRONG_PURPOSE = "This file was not uploaded as a tenant resource";
const NO_INFO_SHEET = "No info sheet has been uploaded yet";
export const INFO_SHEET_FILE_NAME = "info-sheet.pdf";

export const infoSheetKey = (tenantId: number) => `${tenantPrefix(tenantId)}${env().TENANT_RESOURCES_PATH}/${INFO_SHEET_FILE_NAME}`;

/** POST /info-sheet {fileId}: check the upload is a PDF of at most 10 MB, then make it the tenant's info sheet. */
export async function publishInfoSheet(actor: Actor, fileId: number): Promise<{ size: number }> {
  authorize(actor, "uploads.tenantResource");
  return publish(actor, actor.tenantId, fileId);
}

/** POST /tenants/{id}/info-sheet {fileId}: a system admin publishes their upload as another tenant's info sheet. */
export async function publishTenantInfoSheet(actor: Actor, tenantId: number, fileId: number, origin: AuditOrigin = {}): Promise<{ size: number }> {
  await requireTenant(actor, tenantId);
  const published = await publish(actor, tenantId, fileId);
  await systemWork(actor, "system.tenants", "system: audit a tenant's info sheet", () =>
    auditSystem(actor, "update", "tenant", tenantId, { fields: ["infoSheet"], sizeBytes: published.size }, origin),
  );
  return published;
}

/** The tenant exists (system admins only); else 404. */
async function requireTenant(actor: Actor, tenantId: number): Promise<void> {
  const [found] = await systemWork(actor, "system.tenants", "system: find a tenant for its info sheet", () =>
    db().select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)),
  );
  if (!found) throw notFound("Tenant not found");
}

/** GET /tenants/{id}/info-sheet (system admins): whether that tenant has an info sheet, and its stream. */
export async function openTenantInfoSheet(actor: Actor, tenantId: number) {
  await requireTenant(actor, tenantId);
  const key = infoSheetKey(tenantId);
  if (!(await storage().exists(key))) throw notFound(NO_INFO_SHEET);
  return storage().getObject(key);
}

export async function tenantHasInfoSheet(actor: Actor, tenantId: number): Promise<boolean> {
  await requireTenant(actor, tenantId);
  return storage().exists(infoSheetKey(tenantId));
}

/** The upload (the actor's own, in their tenant) checked and copied to the target tenant's info sheet. */
async function publish(actor: Actor, tenantId: number, fileId: number): Promise<{ size: number }> {
  const file = await getFile(actor, fileId);
  if (file.purpose !== "tenant-resource") throw fieldError("fileId", WRONG_PURPOSE);
  if ((file.size ?? 0) > INFO_SHEET_MAX_BYTES) throw fieldError("fileId", TOO_LARGE);
  if (!file.originalFileName.toLowerCase().endsWith(".pdf") || !(await readHead(file.storageKey, 5)).equals(Buffer.from("%PDF-"))) {
    throw fieldError("fileId", NOT_A_PDF);
  }
  const source = await storage().getObject(file.storageKey);
  await storage().putObject(infoSheetKey(tenantId), source.body, "application/pdf");
  // The upload was only the way in: its row and object go once the sheet is in place.
  await forTenant(actor, () =>
    db()
      .delete(files)
      .where(and(eq(files.tenantId, actor.tenantId), eq(files.id, file.id))),
  );
  await storage()
    .deleteObject(file.storageKey)
    .catch((error) => log.warn("info sheet upload not deleted", { fileId: file.id, ...errorFields(error) }));
  log.info("info sheet published", { tenantId, userId: actor.userId, size: source.size });
  return { size: source.size };
}

export async function hasInfoSheet(actor: Actor): Promise<boolean> {
  authorize(actor, "infoSheet.read");
  return storage().exists(infoSheetKey(actor.tenantId));
}

/** GET /info-sheet: the tenant's info sheet as a stream; 404 when none has been uploaded. */
export async function openInfoSheet(actor: Actor) {
  authorize(actor, "infoSheet.read");
  const key = infoSheetKey(actor.tenantId);
  if (!(await storage().exists(key))) throw notFound(NO_INFO_SHEET);
  return storage().getObject(key);
}
