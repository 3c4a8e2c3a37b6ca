import "server-only";
import { eq } from "drizzle-orm";
import { asSystem, db, type Executor } from "@/db/client";
import { downloads, files } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { storage } from "@/lib/platform/storage";
import { NOT_YET_AVAILABLE, SLOTS, type DownloadSlot, type SlotInfo } from "./slots";

interface PublishedFile {
  fileName: string;
  size: number;
  contentType: string;
  version: string | null;
  publishedAt: string;
}

export interface DownloadEntry extends SlotInfo {
  /** null: nothing published yet ("Not yet available"). */
  file: PublishedFile | null;
}

const published = (executor: Executor = db()) =>
  executor
    .select({
      slot: downloads.slot,
      version: downloads.version,
      publishedAt: downloads.publishedAt,
      fileName: files.originalFileName,
      size: files.size,
      contentType: files.contentType,
      storageKey: files.storageKey,
    })
    .from(downloads)
    .innerJoin(files, eq(files.id, downloads.fileId));

/**
 * The published installers' files belong to the tenant of the system administrator who uploaded
 * them, and every tenant's staff download them: read past the tenancy, only the files a slot
 * publishes. No permission names "any signed-in person", so this is asSystem, not acrossTenants.
 */
const PUBLISHED_REASON = "downloads: the platform's published installers, uploaded in a system administrator's tenant";

/**
 * Every slot with its published file. The installers are the platform's, the same for every tenant,
 * so any signed-in person sees them (the actor is asked for by the callers' guards).
 */
export async function listDownloads(_actor: Actor): Promise<DownloadEntry[]> {
  const rows = await asSystem(PUBLISHED_REASON, () => published());
  return SLOTS.map((info) => {
    const row = rows.find((r) => r.slot === info.slot);
    return {
      ...info,
      file: row
        ? { fileName: row.fileName, size: row.size ?? 0, contentType: row.contentType, version: row.version, publishedAt: row.publishedAt.toISOString() }
        : null,
    };
  });
}

/** A short-lived signed URL of a slot's file; 404 "Not yet available" when nothing is published. */
export async function downloadUrl(actor: Actor, slot: DownloadSlot): Promise<string> {
  const [row] = await asSystem(PUBLISHED_REASON, () => published().where(eq(downloads.slot, slot)).limit(1));
  if (!row) throw notFound(NOT_YET_AVAILABLE);
  log.info("download", { slot, userId: actor.userId, tenantId: actor.tenantId });
  return storage().presignDownload(row.storageKey, { fileName: row.fileName });
}
