import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, tenantId, tenantRef, timestamps, timestamptz } from "./columns";
import { users } from "./identity";
import { jobStatusEnum } from "./reporting";

/** An uploaded CSV of students, enrollments or users, processed by a job. */
export const bulkLoads = pgTable(
  "bulk_loads",
  {
    id: id(),
    tenantId: tenantId(),
    userId: integer(),
    /** students (students with their enrollments); see lib/bulk-load/columns.ts. */
    type: text().notNull(),
    /** The uploaded file (files.id) the load reads; one load per file. */
    fileId: integer(),
    status: jobStatusEnum().notNull().default("queued"),
    originalFileName: text().notNull(),
    /** Storage keys of the upload and of the result and error files. */
    fileName: text().notNull(),
    resultFileName: text(),
    errorFileName: text(),
    totalRows: integer(),
    processedRows: integer().notNull().default(0),
    errorRows: integer().notNull().default(0),
    summary: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    startedAt: timestamptz(),
    dateCompleted: timestamptz(),
    ...timestamps,
  },
  (t) => [
    index("bulk_loads_tenant_idx").on(t.tenantId, t.createdAt),
    index("bulk_loads_status_idx").on(t.tenantId, t.status, t.createdAt),
    uniqueIndex("bulk_loads_file_key").on(t.tenantId, t.fileId),
    index("bulk_loads_user_idx").on(t.tenantId, t.userId, t.createdAt),
    tenantRef("bulk_loads_user_fk", [t.tenantId, t.userId], users).onDelete("set null"),
  ],
);
