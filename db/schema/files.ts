import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tenantRef } from "./columns";
import { tenants, users } from "./identity";

/** What an uploaded file is for; the purpose decides which roles may upload it. */
export const FILE_PURPOSES = ["bulk-load", "evidence", "item-resource", "assessment-import", "tenant-resource", "oneroster"] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

export const FILE_STATUSES = ["uploading", "complete", "aborted"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/**
 * Every file uploaded through the multipart protocol, so bulk loads, evidence and downloads can
 * reference a file by id. The object itself lives in storage under `storage_key` (the spec's s3FileName).
 */
export const files = pgTable(
  "files",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    ownerId: integer().notNull(),
    purpose: text().$type<FilePurpose>().notNull(),
    bucket: text().notNull(),
    storageKey: text().notNull(),
    uploadId: text(),
    originalFileName: text().notNull(),
    contentType: text().notNull(),
    /** Size announced when the upload started; `size` is what storage holds once complete. */
    declaredSize: bigint({ mode: "number" }).notNull(),
    size: bigint({ mode: "number" }),
    status: text().$type<FileStatus>().notNull().default("uploading"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("files_bucket_key_idx").on(t.bucket, t.storageKey),
    index("files_tenant_owner_idx").on(t.tenantId, t.ownerId, t.createdAt),
    index("files_tenant_status_idx").on(t.tenantId, t.status, t.createdAt),
    tenantRef("files_owner_fk", [t.tenantId, t.ownerId], users),
  ],
);
