import "server-only";
import { sql, type SQL } from "drizzle-orm";
import ExcelJS from "exceljs";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { csvForPeople } from "@/lib/platform/csv";
import { AppError, notFound } from "@/lib/platform/errors";
import { sendJob } from "@/lib/platform/queue";
import { contentDisposition, storage } from "@/lib/platform/storage";
import { forTenant } from "@/lib/platform/tenancy";
import { keepReach, type KeptReach } from "@/lib/organisations/reach";
import { COLUMNS } from "./columns";
import { bulkLoadJob } from "./job-kind";
import { FILE_SIZE_MESSAGE, FILE_TYPE_MESSAGE, MAX_FILE_BYTES, fileKindOf } from "./parse";
import type { BulkLoadBody, BulkLoadListQuery, BulkLoadView, TemplateQuery } from "./schemas";

/**
 * Bulk loads (administration §7 'Bulk load'). The file comes by the multipart upload protocol
 * (purpose bulk-load); POST /bulk-load names the completed upload, and a `bulk-load.run` job
 * (load.ts) checks every row and loads the good ones. The uploader's reach is fixed when the load is
 * requested (kept in `summary.scope`), like a report's. Everyone sees their own loads; tenant admins
 * see the tenant's with administration=true. Another tenant's load, or another person's, is 404.
 */

const BULK_LOAD_REQUESTED = "Your bulk load has been successfully requested";
const BULK_LOAD_NOT_FOUND = "Bulk load not found";
const FILE_NOT_FOUND = "File not found";

export interface BulkLoadSummary {
  /** The uploader's kept reach; `locations` (a list of ids) in loads requested before the links were kept. */
  scope?: KeptReach | { locations: number[] };
  impersonatorId?: number | null;
  created?: number;
  updated?: number;
  unchanged?: number;
  enrolled?: number;
  phase?: string;
  errors?: string[];
  ms?: Record<string, number>;
}

interface Row {
  id: number;
  type: string;
  status: BulkLoadView["status"];
  created_at: Date | string;
  date_completed: Date | string | null;
  original_file_name: string;
  username: string | null;
  total_rows: number | null;
  processed_rows: number;
  error_rows: number;
  result_file_name: string | null;
  file_name: string;
  user_id: number | null;
  summary: BulkLoadSummary;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function toView(row: Row): BulkLoadView {
  const s = row.summary ?? {};
  const created = s.created ?? 0;
  const updated = s.updated ?? 0;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    createdAt: iso(row.created_at)!,
    dateCompleted: iso(row.date_completed),
    originalFileName: row.original_file_name,
    username: row.username,
    totalRows: row.total_rows,
    processedRows: row.processed_rows,
    errorRows: row.error_rows,
    loadedRows: created + updated + (s.unchanged ?? 0),
    created,
    updated,
    errors: s.errors ?? [],
    hasResults: row.result_file_name !== null,
  };
}

function loadRows(tenantId: number, where: SQL, tail: SQL = sql``): Promise<Row[]> {
  return rows<Row>(
    db(),
    sql`select b.id, b.type, b.status, b.created_at, b.date_completed, b.original_file_name, u.username, b.total_rows, b.processed_rows,
        b.error_rows, b.result_file_name, b.file_name, b.user_id, b.summary
      from bulk_loads b left join users u on u.tenant_id = b.tenant_id and u.id = b.user_id
      where b.tenant_id = ${tenantId} and ${where} ${tail}`,
  );
}

/** POST /bulk-load: queue the load of one's completed upload. Posting the same upload again answers the same load. */
export async function requestBulkLoad(actor: Actor, body: BulkLoadBody, origin: AuditOrigin) {
  authorize(actor, "bulkLoads.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [file] = await rows<{ id: number; storage_key: string; original_file_name: string; size: number | string | null }>(
      db(),
      sql`select id, storage_key, original_file_name, size from files
        where tenant_id = ${t} and id = ${body.fileId} and owner_id = ${actor.userId} and purpose = 'bulk-load' and status = 'complete'`,
    );
    if (!file) throw notFound(FILE_NOT_FOUND);
    if (!fileKindOf(file.original_file_name)) throw new AppError(400, FILE_TYPE_MESSAGE, [{ field: "fileId", message: FILE_TYPE_MESSAGE }]);
    if (Number(file.size ?? 0) > MAX_FILE_BYTES) throw new AppError(413, FILE_SIZE_MESSAGE, [{ field: "fileId", message: FILE_SIZE_MESSAGE }]);
    const [existing] = await loadRows(t, sql`b.file_id = ${file.id}`);
    if (existing) return { message: BULK_LOAD_REQUESTED, bulkLoad: toView(existing) };
    const summary: BulkLoadSummary = {
      scope: keepReach(actor),
      impersonatorId: actor.impersonatorId ?? null,
      phase: "queued",
    };
    const [created] = await rows<{ id: number }>(
      db(),
      sql`insert into bulk_loads (tenant_id, user_id, type, status, original_file_name, file_name, file_id, summary)
        values (${t}, ${actor.userId}, ${body.type}, 'queued', ${file.original_file_name}, ${file.storage_key}, ${file.id}, ${JSON.stringify(summary)}::jsonb)
        returning id`,
    );
    await writeAudit(actor, [{ action: "request", entityType: "bulk_load", entityId: created.id, details: { type: body.type, fileId: file.id } }], origin);
    await sendJob(bulkLoadJob, { tenantId: t, bulkLoadId: created.id }, { idempotencyKey: `bulk-load:${t}:${created.id}` });
    const [row] = await loadRows(t, sql`b.id = ${created.id}`);
    return { message: BULK_LOAD_REQUESTED, bulkLoad: toView(row) };
  });
}

/** Which loads the actor sees: their own, or (tenant admins asking for administration) the tenant's. */
const visible = (actor: Actor, administration: boolean) => (administration && actor.tenantWide ? sql`true` : sql`b.user_id = ${actor.userId}`);

/** GET /bulk-load: newest first, a page at a time. */
export async function listBulkLoads(actor: Actor, query: BulkLoadListQuery) {
  authorize(actor, "bulkLoads.manage");
  const where = visible(actor, query.administration);
  return forTenant(actor, async () => {
    const found = await loadRows(
      actor.tenantId,
      where,
      sql`order by b.created_at desc, b.id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
    );
    const [total] = await rows<{ n: number | string }>(db(), sql`select count(*) as n from bulk_loads b where b.tenant_id = ${actor.tenantId} and ${where}`);
    return { bulkLoads: found.map(toView), total: Number(total.n), page: query.page, pageSize: query.pageSize };
  });
}

async function visibleLoad(actor: Actor, id: number): Promise<Row> {
  authorize(actor, "bulkLoads.manage");
  const [row] = await forTenant(actor, () => loadRows(actor.tenantId, sql`b.id = ${id} and ${visible(actor, true)}`));
  if (!row) throw notFound(BULK_LOAD_NOT_FOUND);
  return row;
}

/** GET /bulk-load/{id}: one load (polled for progress). */
export async function getBulkLoad(actor: Actor, id: number) {
  return { bulkLoad: toView(await visibleLoad(actor, id)) };
}

/** GET /bulk-load/{id}/download/{type}: the uploaded file as it came, or the results file (once written). */
export async function openBulkLoadFile(actor: Actor, id: number, type: "original" | "results") {
  const row = await visibleLoad(actor, id);
  const key = type === "original" ? row.file_name : row.result_file_name;
  if (!key) throw notFound("The results are not ready yet");
  const object = await storage().getObject(key);
  const base = row.original_file_name.replace(/\.(csv|xlsx)$/i, "");
  const fileName = type === "original" ? row.original_file_name : `${base}-results-${row.id}.csv`;
  return {
    body: object.body,
    headers: new Headers({ "content-type": object.contentType, "content-length": String(object.size), "content-disposition": contentDisposition(fileName) }),
  };
}

/**
 * GET /bulk-load/template: the header row of a type (all columns, or the required ones), as XLSX
 * with the text columns formatted as text (Excel keeps a state id's leading zeros), or as CSV.
 */
export async function bulkLoadTemplate(actor: Actor, query: TemplateQuery) {
  authorize(actor, "bulkLoads.manage");
  const columns = COLUMNS[query.type].filter((c) => c.required || !query.getRequiredOnly);
  const name = `${query.type}-template${query.getRequiredOnly ? "-required" : ""}.${query.format}`;
  let body: Buffer;
  let contentType: string;
  if (query.format === "csv") {
    body = Buffer.from(csvForPeople([columns.map((c) => c.name)], { bom: true }), "utf8");
    contentType = "text/csv; charset=utf-8";
  } else {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(query.type);
    sheet.columns = columns.map((c) => ({ header: c.name, key: c.name, width: Math.max(14, c.name.length + 4), style: c.text ? { numFmt: "@" } : {} }));
    sheet.getRow(1).font = { bold: true };
    const help = book.addWorksheet("columns");
    help.columns = [
      { header: "column", key: "name", width: 32 },
      { header: "required", key: "required", width: 10 },
      { header: "what goes in it", key: "description", width: 90 },
    ];
    for (const c of columns) help.addRow({ name: c.name, required: c.required ? "yes" : "no", description: c.description });
    body = Buffer.from(await book.xlsx.writeBuffer());
    contentType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  }
  return {
    body,
    headers: new Headers({ "content-type": contentType, "content-length": String(body.length), "content-disposition": contentDisposition(name) }),
  };
}
