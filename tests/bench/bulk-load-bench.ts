/**
 * What the bulk-load benches share beyond ./support: the rows per file, a bare connection for their
 * baselines, one file loaded end to end (stored as a completed upload leaves it, requested through the
 * service, timed until its row says complete), a baseline statement timed in a transaction rolled back,
 * a run's clean-up and its printed line, and the runs themselves with the bulk-load worker in this process.
 * Import it dynamically, after scripts/server-only-hook.mjs, as the benches import the app's modules.
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { closeDatabase, requireTenantContext, rows } from "../../db/client";
import { bulkLoadRun } from "../../jobs/handlers/bulk-load";
import type { BulkLoadType } from "../../lib/bulk-load/columns";
import { requestBulkLoad } from "../../lib/bulk-load/service";
import type { Actor } from "../../lib/platform/actor";
import { startWorkers, stopWorkers } from "../../lib/platform/queue";
import { tenantPrefix } from "../../lib/platform/storage";
import { completedUpload, fmt, loadAverage, owner } from "./support";

export const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

/** One plain connection, no tenancy transaction: the baselines and the clean-up. */
export const bare = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

interface LoadRun {
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
  const key = `${tenantPrefix(actor.tenantId)}bulk-load/bench-${type}-${Date.now()}/${fileName}`;
  const fileId = await completedUpload(actor, "bulk-load", key, fileName, "text/csv", csv);
  const started = performance.now();
  const { bulkLoad } = await requestBulkLoad(actor, { fileId, type }, {});
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
export async function rolledBack(fn: (tx: postgres.TransactionSql) => Promise<unknown>): Promise<number> {
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

/**
 * Remove a run's rows (`remove`), then VACUUM ANALYZE `tables` so each run starts from the same table
 * state, without the deleted rows' dead index entries. The foreign-key triggers are skipped: the rows
 * are new, nothing else refers to them, and checking the cascades of 100,000 rows one by one takes many
 * minutes. Their audit rows stay (the audit log is append-only).
 */
export async function cleanUp(remove: (tx: postgres.TransactionSql) => Promise<unknown>, tables: string) {
  await bare.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await remove(tx);
  });
  await bare.unsafe(`vacuum analyze ${tables}, audit_log`);
}

/** A run's line: the bench's own figures (`before`, `after`) around the load's, each step's milliseconds; then its refusals. */
export function printRun(i: number, run: LoadRun, { before = "", after = "" }: { before?: string; after?: string }) {
  console.log(
    `run ${i + 1}: ${before}bulk load end to end ${fmt(run.ms)} (${run.status}, ${run.summary.created} created, ${run.error_rows} refused, ${(run.bytes / 1e6).toFixed(1)} MB); ` +
      `steps ${Object.entries(run.summary.ms ?? {})
        .map(([k, v]) => `${k} ${v} ms`)
        .join(", ")}; ${after}load average ${loadAverage()}`,
  );
  if (run.summary.errors?.length) console.log(run.summary.errors.join("; "));
}

/** BENCH_COUNT runs of `run`, the bulk-load worker in this process, then every connection closed. */
export async function runLoads(run: (i: number) => Promise<void>) {
  requireTenantContext();
  // Only the bulk-load worker: the bench database holds other areas' queued jobs (ISRs), which are not these benches' to run.
  await startWorkers([bulkLoadRun]);
  for (let i = 0; i < Number(process.env.BENCH_COUNT ?? 2); i++) await run(i);
  await stopWorkers();
  await bare.end();
  await closeDatabase();
}
