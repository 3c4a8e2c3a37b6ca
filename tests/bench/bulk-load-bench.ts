/**
 * What the bulk-load benches share: the generator database's biggest tenant and a tenant admin of it,
 * one file loaded end to end (stored as a completed upload leaves it, requested through the service,
 * timed until its row says complete), and a baseline statement timed in a transaction rolled back.
 * Import it dynamically, after scripts/server-only-hook.mjs, as the benches import the app's modules.
 */
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import { database, rows } from "../../db/client";
import type { BulkLoadType } from "../../lib/bulk-load/columns";
import { requestBulkLoad } from "../../lib/bulk-load/service";
import type { Actor } from "../../lib/platform/actor";
import { storage, tenantPrefix } from "../../lib/platform/storage";

export const owner = database().db;

/** The tenant with the most students, its first user, and that user as a tenant admin. */
export async function benchTenant(): Promise<{ t: number; userId: number; actor: Actor }> {
  const [{ t }] = await rows<{ t: number }>(owner, sql`select tenant_id as t from students group by tenant_id order by count(*) desc limit 1`);
  const [{ userId }] = await rows<{ userId: number }>(owner, sql`select id as "userId" from users where tenant_id = ${t} order by id limit 1`);
  const actor: Actor = {
    userId,
    tenantId: t,
    tenantName: "bench",
    roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"],
    features: [],
    activeRole: "ROLE_ADMIN",
    tenantWide: true,
    orgs: [],
    sessionId: "bench",
    impersonatorId: null,
    via: "internal",
  };
  return { t, userId, actor };
}

export interface LoadRun {
  ms: number;
  bytes: number;
  status: string;
  error_rows: number;
  summary: { created?: number; ms?: Record<string, number>; errors?: string[] };
}

/**
 * One file through the bulk load, from the request until its row says complete (or failed); the
 * summary's steps also name the request's own time and the pickup (row created until the worker's claim).
 */
export async function loadEndToEnd(actor: Actor, type: BulkLoadType, fileName: string, csv: string): Promise<LoadRun> {
  const t = actor.tenantId;
  const key = `${tenantPrefix(t)}bulk-load/bench-${type}-${Date.now()}/${fileName}`;
  await storage().putObject(key, csv, "text/csv");
  // The owner connection: the bench stands in for the upload protocol's completed files row.
  const [file] = await rows<{ id: number }>(
    owner,
    sql`insert into files (tenant_id, owner_id, purpose, bucket, storage_key, original_file_name, content_type, declared_size, size, status, completed_at)
      values (${t}, ${actor.userId}, 'bulk-load', ${storage().bucket}, ${key}, ${fileName}, 'text/csv', ${Buffer.byteLength(csv)}, ${Buffer.byteLength(csv)}, 'complete', now()) returning id`,
  );
  const started = performance.now();
  const { bulkLoad } = await requestBulkLoad(actor, { fileId: file.id, type }, {});
  const request = Math.round(performance.now() - started);
  for (;;) {
    const [row] = await rows<Omit<LoadRun, "ms" | "bytes"> & { pickup: number }>(
      owner,
      sql`select status, error_rows, summary, round(extract(epoch from started_at - created_at) * 1000)::int as pickup from bulk_loads where id = ${bulkLoad.id}`,
    );
    if (row.status === "complete" || row.status === "failed") {
      const { pickup, ...rest } = row;
      return {
        ms: performance.now() - started,
        bytes: Buffer.byteLength(csv),
        ...rest,
        summary: { ...row.summary, ms: { request, pickup, ...row.summary.ms } },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Milliseconds `fn` took inside a transaction of `bare` that is then rolled back. */
export async function rolledBack(bare: postgres.Sql, fn: (tx: postgres.TransactionSql) => Promise<unknown>): Promise<number> {
  let ms = 0;
  await bare
    .begin(async (tx) => {
      const started = performance.now();
      await fn(tx);
      ms = performance.now() - started;
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
  return ms;
}

/** A run's line: end to end, created and refused, each step's milliseconds. */
export const describeRun = (run: LoadRun) =>
  `bulk load end to end ${fmt(run.ms)} (${run.status}, ${run.summary.created} created, ${run.error_rows} refused, ${(run.bytes / 1e6).toFixed(1)} MB); ` +
  `steps ${Object.entries(run.summary.ms ?? {})
    .map(([k, v]) => `${k} ${v} ms`)
    .join(", ")}`;

export const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
