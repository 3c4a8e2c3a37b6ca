import { z } from "zod";
import { JOB_STATUSES } from "@/db/schema";
import { idSchema } from "@/lib/platform/schemas";
import { BULK_LOAD_TYPES } from "./columns";

/* Requests. */

export const id = idSchema("Must be a positive whole number");
const type = z
  .enum(BULK_LOAD_TYPES, { error: `Must be one of: ${BULK_LOAD_TYPES.join(", ")}` })
  .describe(
    "What the file holds: students (students with their enrollments), users (accounts with an organisation link and roles, invited by mail), rosters (children on teachers' rosters at a school), assignments (children's enrollments assigned to data collections). Columns: the type's template and docs/bulk-loads.md",
  );
const flag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])], { error: "Must be true or false" })
  .transform((v) => v === true || v === "true" || v === "1");

/** POST /bulk-load: load a completed upload (purpose bulk-load) of the given type. */
export const bulkLoadBody = z.object({ fileId: id, type: type.default("students") });
export type BulkLoadBody = z.infer<typeof bulkLoadBody>;

/** GET /bulk-load: one's own loads, or with administration=true (tenant admins) the tenant's. */
export const bulkLoadListQuery = z.object({
  administration: flag.default(false),
  page: z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(100_000, "Is too large").default(1),
  pageSize: z.coerce
    .number({ error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(1, "Must be 1 or more")
    .max(100, "Must be 100 or fewer")
    .default(25),
});
export type BulkLoadListQuery = z.infer<typeof bulkLoadListQuery>;

/** GET /bulk-load/template?type&getRequiredOnly[&format]. */
export const templateQuery = z.object({
  type: type.default("students"),
  getRequiredOnly: flag.default(false),
  format: z.enum(["xlsx", "csv"], { error: "Must be xlsx or csv" }).default("xlsx"),
});
export type TemplateQuery = z.infer<typeof templateQuery>;

const DOWNLOAD_TYPES = ["original", "results"] as const;
export const downloadParams = z.object({ id, type: z.enum(DOWNLOAD_TYPES, { error: `Must be one of: ${DOWNLOAD_TYPES.join(", ")}` }) });
export const idParams = z.object({ id });

/* Answers. */

const bulkLoadView = z.object({
  id: z.number().int(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  createdAt: z.string().describe("ISO time the load was requested"),
  dateCompleted: z.string().nullable(),
  originalFileName: z.string(),
  username: z.string().nullable().describe("Who uploaded it"),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int().describe("Rows checked so far (progress)"),
  errorRows: z.number().int().describe("Rows refused; each is named in the results file"),
  loadedRows: z.number().int().describe("Rows loaded (created, updated or already as in the file)"),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.string()).describe("Why the whole file was refused, when it was"),
  hasResults: z.boolean(),
});
export type BulkLoadView = z.infer<typeof bulkLoadView>;

export const bulkLoadResponse = z.object({ bulkLoad: bulkLoadView });
export const bulkLoadRequestedResponse = z.object({ message: z.string(), bulkLoad: bulkLoadView });
export const bulkLoadListResponse = z.object({ bulkLoads: z.array(bulkLoadView), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
