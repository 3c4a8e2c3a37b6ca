import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize, can } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { fieldError, notFound } from "@/lib/platform/errors";
import { sendJob } from "@/lib/platform/queue";
import { contentDisposition, storage } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { requireTeacherCollection } from "@/lib/scoring/roster";
import { keepReach } from "@/lib/organisations/reach";
import { REPORT_REQUESTED, REPORT_TYPES, STUDENT_SCORES, type AdminReportKind, type ReportKind, type TeacherReportType } from "./catalogue";
import { fileNameOf, generateReport } from "./generate";
import { reportJob } from "./job-kind";
import type { AdminReportBody, ReportView } from "./schemas";
import type { ReportScope } from "./sheet";
import { reportRows, toView } from "./views";

/**
 * Report requests: a row in `reports` (queued) and a `report.generate` job sent after its commit;
 * the worker builds the file (generate.ts). Everyone sees and downloads only their own reports: a
 * report's content is scoped to its requester, so another admin's file could hold children
 * outside one's reach. Another tenant's report, or another person's, answers 404.
 */

const REPORT_NOT_FOUND = "Report not found";
const COLLECTION_NOT_FOUND = "Data collection not found";

interface Request {
  kind: ReportKind;
  scope: ReportScope;
  dataCollectionId?: number;
  schoolYearId?: number;
  /** Kept with the report and shown back (format, priorityOnly, output). */
  options: Record<string, unknown>;
  /** Built by the caller while the request waits, instead of by a queued job. */
  inline?: boolean;
}

/** Insert the report, audit it and queue its job (sent once the transaction commits). Run inside forTenant. */
async function createReport(actor: Actor, request: Request, origin: AuditOrigin): Promise<ReportView> {
  const info = REPORT_TYPES[request.kind];
  const t = actor.tenantId;
  let schoolYearId = request.schoolYearId ?? null;
  if (info.needs === "collection") {
    if (!request.dataCollectionId) throw fieldError("dataCollectionId", "Is required");
    const [collection] = await rows<{ school_year_id: number }>(
      db(),
      sql`select school_year_id from data_collections where tenant_id = ${t} and id = ${request.dataCollectionId} and deleted_at is null`,
    );
    if (!collection) throw notFound(COLLECTION_NOT_FOUND);
    if (schoolYearId !== null && schoolYearId !== collection.school_year_id) throw fieldError("schoolYearId", "The collection belongs to another school year");
    schoolYearId = collection.school_year_id;
  } else {
    if (!schoolYearId) throw fieldError("schoolYearId", "Is required");
    const [year] = await rows<{ id: number }>(db(), sql`select id from school_years where id = ${schoolYearId}`);
    if (!year) throw fieldError("schoolYearId", "School year not found");
  }
  const requestData = { ...request.options, scope: request.scope };
  const [created] = await rows<{ id: number }>(
    db(),
    sql`insert into reports (tenant_id, kind, status, data_collection_id, school_year_id, requested_by, request_data)
      values (${t}, ${request.kind}, 'queued', ${info.needs === "collection" ? request.dataCollectionId! : null}, ${schoolYearId}, ${actor.userId},
        ${JSON.stringify(requestData)}::jsonb)
      returning id`,
  );
  await writeAudit(
    actor,
    [
      {
        action: "request",
        entityType: "report",
        entityId: created.id,
        details: { kind: request.kind, dataCollectionId: request.dataCollectionId ?? null, schoolYearId },
      },
    ],
    origin,
  );
  if (!request.inline) await sendJob(reportJob, { tenantId: t, reportId: created.id }, { idempotencyKey: `report:${t}:${created.id}` });
  const [row] = await reportRows(t, sql`rp.id = ${created.id}`);
  return toView(row);
}

/** 404 unless the path's tenant is the actor's own (another tenant's id is never confirmed). */
function ownTenant(actor: Actor, tenantId: number) {
  if (tenantId !== actor.tenantId) throw notFound();
}

/** POST /admin/tenants/{tenantId}/reports.json: an administration report within the admin's reach. */
export async function requestAdminReport(actor: Actor, tenantId: number, body: AdminReportBody, origin: AuditOrigin) {
  authorize(actor, "reports.admin");
  ownTenant(actor, tenantId);
  const info = REPORT_TYPES[body.kind as AdminReportKind];
  if (body.format === "csv" && info.format !== "csv") throw fieldError("format", "Only the exports are offered as CSV");
  const format = body.format ?? info.format;
  return forTenant(actor, async () => {
    const report = await createReport(
      actor,
      { kind: body.kind, scope: keepReach(actor), dataCollectionId: body.dataCollectionId, schoolYearId: body.schoolYearId, options: { format } },
      origin,
    );
    return { message: REPORT_REQUESTED, report };
  });
}

/** POST /reports/{name} and /user/collections/{id}/reports.json: a teacher's report over their own class. */
export async function requestTeacherReport(
  actor: Actor,
  type: TeacherReportType | typeof STUDENT_SCORES,
  input: { dataCollectionId: number; priorityOnly?: boolean; output?: string },
  origin: AuditOrigin,
) {
  authorize(actor, "reports.teacher");
  const inline = type === STUDENT_SCORES;
  const requested = await forTenant(actor, async () => {
    await requireTeacherCollection(actor, input.dataCollectionId);
    const options = { format: REPORT_TYPES[type].format, priorityOnly: input.priorityOnly ?? false, ...(input.output ? { output: input.output } : {}) };
    return createReport(actor, { kind: type, scope: { teacherId: actor.userId }, dataCollectionId: input.dataCollectionId, options, inline }, origin);
  });
  if (!inline) return { message: REPORT_REQUESTED, report: requested };
  // One class's scores: built now, by the job's own steps, so the answer is already complete.
  await generateReport({ tenantId: actor.tenantId, reportId: requested.id }, { jobId: "inline", attempt: 1, lastAttempt: true });
  return { message: REPORT_REQUESTED, ...(await getReport(actor, requested.id)) };
}

/** Whether the actor may use reports at all (either area). */
function authorizeReports(actor: Actor) {
  if (!can(actor, "reports.admin")) authorize(actor, "reports.teacher");
}

/** GET /reports?schoolYearId: one's own reports (of the school year when given), newest first. */
export async function listReports(actor: Actor, query: { schoolYearId?: number }) {
  authorizeReports(actor);
  const year = query.schoolYearId ? sql`and rp.school_year_id = ${query.schoolYearId}` : sql``;
  const found = await forTenant(actor, () => reportRows(actor.tenantId, sql`rp.requested_by = ${actor.userId} ${year}`));
  return { reports: found.map(toView) };
}

/** GET /reports/archive: one's finished reports of every year, a page at a time. */
export async function reportArchive(actor: Actor, query: { page: number; pageSize: number }) {
  authorizeReports(actor);
  const where = sql`rp.requested_by = ${actor.userId} and rp.status in ('complete', 'failed')`;
  return forTenant(actor, async () => {
    const found = await reportRows(
      actor.tenantId,
      where,
      sql`order by rp.created_at desc, rp.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const [total] = await rows<{ n: number | string }>(db(), sql`select count(*) as n from reports rp where rp.tenant_id = ${actor.tenantId} and ${where}`);
    return { reports: found.map(toView), total: Number(total.n), page: query.page, pageSize: query.pageSize };
  });
}

/** One of one's own reports; `collectionId` narrows it to a collection (the polled teacher path). */
export async function getReport(actor: Actor, reportId: number, collectionId?: number): Promise<{ report: ReportView }> {
  authorizeReports(actor);
  const inCollection = collectionId ? sql`and rp.data_collection_id = ${collectionId}` : sql``;
  const [row] = await forTenant(actor, () => reportRows(actor.tenantId, sql`rp.id = ${reportId} and rp.requested_by = ${actor.userId} ${inCollection}`));
  if (!row) throw notFound(REPORT_NOT_FOUND);
  return { report: toView(row) };
}

/** GET /reports/download/{id}: a complete report's file as a stream (404 before that). */
export async function openReportFile(actor: Actor, reportId: number) {
  const { report } = await getReport(actor, reportId);
  if (report.status !== "complete" || !report.s3ResultsFileName) throw notFound("The report is not ready yet");
  const object = await storage().getObject(report.s3ResultsFileName);
  const headers = new Headers({
    "content-type": object.contentType,
    "content-length": String(object.size),
    "content-disposition": contentDisposition(fileNameOf(report)),
  });
  return { body: object.body, headers };
}
