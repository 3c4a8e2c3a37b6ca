import "server-only";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db, rows, withTenant } from "@/db/client";
import { PermanentJobError, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { storage, tenantPrefix } from "@/lib/platform/storage";
import { reportLabel, type ReportKind } from "./catalogue";
import { BUILDERS } from "./builders";
import { PDF_BUILDERS } from "./pdf-builders";
import type { ReportContext, ReportScope } from "./sheet";
import { writeCsv, writeXlsx } from "./writer";

/**
 * The report job (jobs/handlers/report-generate.ts): claim the row, build the file from the
 * database under the report's tenant, store it, then mark the row complete and tell the requester
 * (a notifications row in the same transaction). Each database step is its own withTenant: the
 * claim must be visible while the file is built (job counts, polling), and the storage upload stays
 * outside any transaction. A redelivery of a finished report does nothing; one of a report that was
 * running rebuilds the same file under the same key.
 */

const CONTENT_TYPES = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
} as const;

export const fileNameOf = (report: { kind: string; id: number; format: string }) =>
  `${report.kind.replace(/[^A-Za-z0-9-]+/g, "-")}-${report.id}.${report.format}`;

interface Claimed {
  id: number;
  kind: ReportKind;
  status: string;
  data_collection_id: number | null;
  school_year_id: number | null;
  requested_by: number | null;
  request_data: { scope?: ReportScope; format?: "xlsx" | "csv"; priorityOnly?: boolean };
}

type Payload = { tenantId: number; reportId: number };

/** Mark the report running; null when it is already finished (a redelivery). */
async function claim({ tenantId, reportId }: Payload): Promise<Claimed | null> {
  return withTenant(tenantId, async () => {
    const [claimed] = await rows<Claimed>(
      db(),
      sql`update reports set status = 'in_progress', started_at = now(), updated_at = now()
        where tenant_id = ${tenantId} and id = ${reportId} and status in ('queued', 'in_progress')
        returning id, kind, status, data_collection_id, school_year_id, requested_by, request_data`,
    );
    if (claimed) return claimed;
    const [existing] = await rows<{ id: number }>(db(), sql`select id from reports where tenant_id = ${tenantId} and id = ${reportId}`);
    if (!existing) throw new PermanentJobError("report not found");
    return null;
  });
}

async function contextOf(tenantId: number, report: Claimed): Promise<ReportContext> {
  const scope = report.request_data.scope;
  if (!scope || report.school_year_id === null) throw new PermanentJobError("report without its scope or school year");
  let collection: ReportContext["collection"] = null;
  if (report.data_collection_id !== null) {
    const [found] = await rows<{ id: number; collection_name: string; assessment_id: number; configuration: Record<string, unknown> }>(
      db(),
      sql`select dc.id, dc.collection_name, dc.assessment_id, a.configuration from data_collections dc join assessments a on a.id = dc.assessment_id
        where dc.tenant_id = ${tenantId} and dc.id = ${report.data_collection_id}`,
    );
    if (!found) throw new PermanentJobError("the report's collection is gone");
    collection = { id: found.id, name: found.collection_name, assessmentId: found.assessment_id, configuration: found.configuration ?? {} };
  }
  return { tenantId, scope, schoolYearId: report.school_year_id, collection, priorityOnly: report.request_data.priorityOnly === true };
}

/** Build the report's file on local disk, reading the database under its tenant. */
async function build(tenantId: number, report: Claimed, file: string): Promise<number> {
  const pdf = PDF_BUILDERS[report.kind];
  if (pdf) {
    const made = await withTenant(tenantId, async () => pdf(await contextOf(tenantId, report)));
    // Laid out after the transaction: the rows are read, nothing is held open while pages are drawn.
    await writeFile(file, await made.render());
    return made.rows;
  }
  const builder = BUILDERS[report.kind];
  if (!builder) throw new PermanentJobError(`no content for report kind ${report.kind}`);
  return withTenant(tenantId, async () => {
    const sheet = await builder(await contextOf(tenantId, report));
    return report.request_data.format === "csv" ? writeCsv(sheet, file) : writeXlsx(sheet, file);
  });
}

async function notify(tenantId: number, report: Claimed, message: string) {
  if (report.requested_by === null) return;
  await db().execute(
    sql`insert into notifications (tenant_id, user_id, type, message, metadata)
      values (${tenantId}, ${report.requested_by}, 'report', ${message}, ${JSON.stringify({ reportId: report.id, kind: report.kind, dataCollectionId: report.data_collection_id })}::jsonb)`,
  );
}

async function finish(tenantId: number, report: Claimed, key: string, metadata: Record<string, unknown>) {
  await withTenant(tenantId, async () => {
    await db().execute(
      sql`update reports set status = 'complete', s3_results_file_name = ${key}, completed_at = now(), updated_at = now(), errors = null,
        metadata = metadata || ${JSON.stringify(metadata)}::jsonb
        where tenant_id = ${tenantId} and id = ${report.id}`,
    );
    await notify(tenantId, report, `Your report "${reportLabel(report.kind)}" is ready to download`);
  });
}

/** A failure the requester sees: permanent ones at once, others once retries are used up. */
async function fail(tenantId: number, report: Claimed, reason: string, final: boolean) {
  await withTenant(tenantId, async () => {
    if (!final) {
      await db().execute(sql`update reports set status = 'queued', updated_at = now() where tenant_id = ${tenantId} and id = ${report.id}`);
      return;
    }
    await db().execute(
      sql`update reports set status = 'failed', completed_at = now(), updated_at = now(), errors = ${JSON.stringify([reason])}::jsonb
        where tenant_id = ${tenantId} and id = ${report.id}`,
    );
    await notify(tenantId, report, `Your report "${reportLabel(report.kind)}" could not be produced: ${reason}`);
  });
}

export async function generateReport(payload: Payload, context: JobContext): Promise<JobOutput> {
  const { tenantId } = payload;
  const report = await claim(payload);
  if (!report) return { reportId: payload.reportId, skipped: "finished" };
  const started = performance.now();
  const format = PDF_BUILDERS[report.kind] ? "pdf" : report.request_data.format === "csv" ? "csv" : "xlsx";
  const dir = await mkdtemp(path.join(tmpdir(), "report-"));
  const file = path.join(dir, fileNameOf({ kind: report.kind, id: report.id, format }));
  try {
    const rowCount = await build(tenantId, report, file);
    const { size } = await stat(file);
    const key = `${tenantPrefix(tenantId)}reports/${report.id}/${path.basename(file)}`;
    await storage().putObject(key, createReadStream(file), CONTENT_TYPES[format]);
    const ms = Math.round(performance.now() - started);
    await finish(tenantId, report, key, { rows: rowCount, bytes: size, ms, fileName: path.basename(file) });
    return { reportId: report.id, rows: rowCount, bytes: size, ms };
  } catch (error) {
    const permanent = error instanceof PermanentJobError;
    const reason = permanent ? error.message : "The report could not be produced. Please request it again.";
    await fail(tenantId, report, reason, permanent || context.lastAttempt);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
