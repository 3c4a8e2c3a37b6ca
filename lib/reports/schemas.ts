import { z } from "zod";
import { JOB_STATUSES } from "@/db/schema";
import { idSchema } from "@/lib/platform/schemas";
import { ADMIN_REPORT_KINDS, STUDENT_SCORES, TEACHER_REPORT_TYPES } from "./catalogue";

/* Requests. */

export const id = idSchema("Must be a positive whole number");

const format = z.enum(["xlsx", "csv"], { error: "Must be xlsx or csv" });

/** POST /admin/tenants/{tenantId}/reports.json: a tenant report (administration §9 kinds). */
export const adminReportBody = z.object({
  kind: z.enum(ADMIN_REPORT_KINDS, { error: `Must be one of: ${ADMIN_REPORT_KINDS.join(", ")}` }),
  schoolYearId: id.optional(),
  dataCollectionId: id.optional(),
  /** The exports are CSV unless XLSX is asked for; the other reports are XLSX. */
  format: format.optional(),
});
export type AdminReportBody = z.infer<typeof adminReportBody>;

export const tenantParams = z.object({ tenantId: id });

/** POST /reports/{name} (platform §7): the teacher's reports of one collection. */
export const teacherReportParams = z.object({
  name: z.enum(TEACHER_REPORT_TYPES, { error: `Must be one of: ${TEACHER_REPORT_TYPES.join(", ")}` }),
});
export const teacherReportBody = z.object({
  dataCollectionId: id,
  priorityOnly: z.boolean({ error: "Must be true or false" }).optional(),
});

/** POST /user/collections/{id}/reports.json {request_data: {type, priorityOnly, output}}. */
export const collectionReportBody = z.object({
  request_data: z.object(
    {
      type: z.enum([...TEACHER_REPORT_TYPES, STUDENT_SCORES], { error: `Must be one of: ${[...TEACHER_REPORT_TYPES, STUDENT_SCORES].join(", ")}` }),
      priorityOnly: z.boolean({ error: "Must be true or false" }).optional(),
      output: z.string().max(40, "Is too long").optional(),
    },
    { error: "Is required" },
  ),
});
export const collectionParams = z.object({ id });
/** The spec's polled path ends in `{reportId}.json`: the suffix is taken off the id. */
const jsonId = z
  .string()
  .regex(/^\d{1,10}(\.json)?$/, "Must be a positive whole number")
  .transform((v) => Number(v.replace(/\.json$/, "")))
  .pipe(z.number().int().min(1, "Must be a positive whole number"));
export const collectionReportParams = z.object({ id, reportId: jsonId });
export const reportParams = z.object({ id });

export const reportListQuery = z.object({ schoolYearId: id.optional() });
export const archiveQuery = z.object({
  page: z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(10_000, "Is too large").default(1),
  pageSize: z.coerce
    .number({ error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(1, "Must be 1 or more")
    .max(100, "Must be 100 or fewer")
    .default(25),
});

/* Answers. */

const unix = z.number().int().nullable();

const reportSchema = z.object({
  id: z.number().int(),
  /** Administration's name for the type; `type` is the platform's. */
  kind: z.string(),
  type: z.string(),
  label: z.string(),
  status: z.enum(JOB_STATUSES),
  format: z.enum(["xlsx", "csv", "pdf"]),
  dataCollectionId: z.number().int().nullable(),
  collectionName: z.string().nullable(),
  schoolYearId: z.number().int().nullable(),
  createdAt: unix,
  startedAt: unix,
  completedAt: unix,
  metadata: z.record(z.string(), z.unknown()),
  requestData: z.record(z.string(), z.unknown()),
  s3ResultsFileName: z.string().nullable(),
  errors: z.array(z.string()).nullable(),
  /** Where a complete report is downloaded (a redirect to the file); null until then. */
  downloadUrl: z.string().nullable(),
});
export type ReportView = z.infer<typeof reportSchema>;

export const reportResponse = z.object({ report: reportSchema });
export const requestedResponse = z.object({ message: z.string(), report: reportSchema });
export const reportListResponse = z.object({ reports: z.array(reportSchema) });
export const archiveResponse = z.object({ reports: z.array(reportSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

const waitingJobSchema = z.object({
  family: z.enum(["isr", "bulk_load", "reports"]),
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  createdAt: unix,
  startedAt: unix,
  requestedBy: z.string().nullable(),
});
export type WaitingJob = z.infer<typeof waitingJobSchema>;

const count = z.number().int();

export const jobCountsResponse = z.object({
  count_isr_queued: count,
  count_isr_in_progress_30_mins: count,
  count_bulk_load_queued: count,
  count_bulk_load_in_progress_30_mins: count,
  count_reports_queued: count,
  count_reports_in_progress_30_mins: count,
  /** The queued jobs and those running over 30 minutes, oldest first (at most 100). */
  jobs: z.array(waitingJobSchema),
});
export type JobCounts = z.infer<typeof jobCountsResponse>;
