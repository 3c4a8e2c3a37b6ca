import "server-only";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { downloads, files } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { fieldError } from "@/lib/platform/errors";
import { errorFields, log } from "@/lib/platform/logger";
import { storage } from "@/lib/platform/storage";
import { acrossTenants } from "@/lib/platform/across-tenants";
import { getFile } from "@/lib/platform/storage/uploads";
import { listDownloads, type DownloadEntry } from "./queries";
import { publishInput, type PublishInput } from "./schemas";
import { acceptsFile, DOWNLOAD_UPLOAD_PURPOSE, slotInfo } from "./slots";

/**
 * Publish an uploaded file in a download slot (system admins only), replacing what was there.
 * The replaced file is removed from storage once the new one is live.
 */
export async function publishDownload(actor: Actor, raw: PublishInput): Promise<DownloadEntry> {
  authorize(actor, "system.downloads");
  const input = publishInput.parse(raw);
  const info = slotInfo(input.slot);
  const file = await getFile(actor, input.fileId);
  if (file.purpose !== DOWNLOAD_UPLOAD_PURPOSE) throw fieldError("fileId", "This file was not uploaded as an installer");
  if (!acceptsFile(input.slot, file.originalFileName)) {
    throw fieldError("fileId", `The ${info.title} must be a ${info.extensions.join(", ")} file`);
  }

  // The slot is platform-wide and its old file may be another tenant's: past the tenancy, audited.
  const replaced = await acrossTenants(actor, "system.downloads", "publish an installer: replaces the slot's file, whichever tenant uploaded it", () =>
    db().transaction(async (tx) => {
      const [current] = await tx.select({ fileId: downloads.fileId }).from(downloads).where(eq(downloads.slot, input.slot)).for("update");
      const values = { fileId: file.id, version: input.version, publishedBy: actor.userId, publishedAt: new Date() };
      await tx
        .insert(downloads)
        .values({ slot: input.slot, ...values })
        .onConflictDoUpdate({ target: downloads.slot, set: values });
      if (!current || current.fileId === file.id) return null;
      // By id alone: the slot is platform-wide and its old file may come from another tenant's system admin.
      const [old] = await tx.delete(files).where(eq(files.id, current.fileId)).returning({ key: files.storageKey, tenantId: files.tenantId });
      return old ?? null;
    }),
  );
  if (replaced) {
    await storage()
      .deleteObject(replaced.key)
      .catch((error) => log.warn("replaced installer not deleted", { slot: input.slot, ...errorFields(error) }));
  }
  log.info("download published", { slot: input.slot, fileId: file.id, userId: actor.userId });
  const entries = await listDownloads(actor);
  return entries.find((e) => e.slot === input.slot)!;
}
