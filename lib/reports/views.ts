import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { JobStatus } from "@/db/schema";
import { toUnix } from "@/lib/platform/unix-time";
import { REPORT_TYPES, reportLabel, type ReportKind } from "./catalogue";
import type { ReportView } from "./schemas";

/** Reading report rows as the API answers them. */

interface ReportRow {
  id: number;
  kind: string;
  status: JobStatus;
  data_collection_id: number | null;
  collection_name: string | null;
  school_year_id: number | null;
  created_at: Date | string;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  metadata: Record<string, unknown>;
  request_data: Record<string, unknown>;
  s3_results_file_name: string | null;
  errors: string[] | null;
}

const asDate = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value : new Date(value));

/** The request data as its requester sees it: the scope stays inside. */
function visibleRequest(requestData: Record<string, unknown>): Record<string, unknown> {
  const { scope: _scope, ...rest } = requestData;
  return rest;
}

export function toView(row: ReportRow): ReportView {
  const info = (REPORT_TYPES as Record<string, (typeof REPORT_TYPES)[ReportKind] | undefined>)[row.kind];
  const format = (row.request_data.format as ReportView["format"] | undefined) ?? info?.format ?? "xlsx";
  return {
    id: row.id,
    kind: row.kind,
    type: row.kind,
    label: reportLabel(row.kind),
    status: row.status,
    format,
    dataCollectionId: row.data_collection_id,
    collectionName: row.collection_name,
    schoolYearId: row.school_year_id,
    createdAt: toUnix(asDate(row.created_at)),
    startedAt: toUnix(asDate(row.started_at)),
    completedAt: toUnix(asDate(row.completed_at)),
    metadata: row.metadata ?? {},
    requestData: visibleRequest(row.request_data ?? {}),
    s3ResultsFileName: row.s3_results_file_name,
    errors: row.errors,
    downloadUrl: row.status === "complete" && row.s3_results_file_name ? `/en/api/v1/reports/download/${row.id}` : null,
  };
}

/** Report rows of the current tenant matching `where` (aliases: rp the report, dc its collection). */
export function reportRows(tenantId: number, where: SQL, tail: SQL = sql`order by rp.created_at desc, rp.id desc limit 200`) {
  return rows<ReportRow>(
    db(),
    sql`select rp.id, rp.kind, rp.status, rp.data_collection_id, dc.collection_name, rp.school_year_id, rp.created_at, rp.started_at,
        rp.completed_at, rp.metadata, rp.request_data, rp.s3_results_file_name, rp.errors
      from reports rp left join data_collections dc on dc.tenant_id = ${tenantId} and dc.id = rp.data_collection_id
      where rp.tenant_id = ${tenantId} and ${where} ${tail}`,
  );
}
