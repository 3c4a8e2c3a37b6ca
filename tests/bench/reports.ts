/**
 * The largest administration report, the scale score report (kra.ssr: every child of the state's
 * KRA collection, every item's grade), on the biggest tenant of a generator database
 * (`npm run db:seed -- --students 130000` into its own database), requested by a tenant admin:
 *   - through the whole pipeline: request (row, audit, job after commit), pg-boss, the worker's claim,
 *     the cursor read under RLS, the XLSX writer, storage, status and notification;
 *   - beside the bare baseline: the same rows as one plain `COPY (query) TO STDOUT (FORMAT csv)` on
 *     the owner connection, and the same query read whole with no writer.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_reports_bench npx tsx tests/bench/reports.ts
 * Files go to DATA_DIR (default .data) under tenants/{t}/reports/.
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { PgDialect } = await import("drizzle-orm/pg-core");
const postgres = (await import("postgres")).default;
const { asSystem, closeDatabase, requireTenantContext, rows } = await import("../../db/client");
const { handlers } = await import("../../jobs/registry");
const { startWorkers, stopWorkers } = await import("../../lib/platform/queue");
const { requestAdminReport } = await import("../../lib/reports/service");
const { BUILDERS } = await import("../../lib/reports/builders");
const { benchTenant, fmt, owner } = await import("./support");
type ReportContext = import("../../lib/reports/sheet").ReportContext;

const { t, actor } = await benchTenant();
const [collection] = await rows<{ id: number; name: string; assessment_id: number; configuration: Record<string, unknown>; school_year_id: number; n: number }>(
  owner,
  sql`select dc.id, dc.collection_name as name, dc.assessment_id, a.configuration, dc.school_year_id, count(*)::int as n
    from data_collections dc join assessments a on a.id = dc.assessment_id
    join student_data_collection_assignments sa on sa.tenant_id = dc.tenant_id and sa.data_collection_id = dc.id
    where dc.tenant_id = ${t} and a.taxonomy = 'SUMMATIVE' group by dc.id, a.configuration order by n desc limit 1`,
);
console.log(`tenant ${t}, collection ${collection.id} "${collection.name}": ${collection.n} assigned children`);
await rows(owner, sql`analyze`);

/** The builder's query with its parameters written in, for COPY (which takes no bind parameters). */
async function inlineQuery(): Promise<string> {
  const context: ReportContext = {
    tenantId: t,
    scope: { all: true },
    schoolYearId: collection.school_year_id,
    collection: { id: collection.id, name: collection.name, assessmentId: collection.assessment_id, configuration: collection.configuration },
  };
  const sheet = await asSystem("bench: the report's query", async () => BUILDERS["kra.ssr"]!(context));
  const { sql: text, params } = new PgDialect().sqlToQuery(sheet.query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

const url = process.env.DATABASE_URL!;
const bare = postgres(url, { max: 1, onnotice: () => {} });
const query = await inlineQuery();

async function copyBaseline() {
  const started = performance.now();
  let bytes = 0;
  const stream = await bare.unsafe(`copy (${query}) to stdout with (format csv, header)`).readable();
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return { ms: performance.now() - started, bytes };
}

async function selectBaseline() {
  const started = performance.now();
  const found = await bare.unsafe(query);
  return { ms: performance.now() - started, rows: found.length };
}

requireTenantContext();
await startWorkers(handlers);

/** kra.ssr requested as the API does, run by this process's workers, until its row says complete. */
async function pipeline() {
  const started = performance.now();
  const { report } = await requestAdminReport(actor, t, { kind: "kra.ssr", dataCollectionId: collection.id }, {});
  for (;;) {
    // The owner connection: a bench's own read of the status, outside the tenancy the app keeps.
    const [row] = await rows<{ status: string; metadata: { rows?: number; bytes?: number; ms?: number } }>(
      owner,
      sql`select status, metadata from reports where id = ${report.id}`,
    );
    if (row.status === "complete" || row.status === "failed") {
      return { status: row.status, ms: performance.now() - started, jobMs: row.metadata.ms ?? 0, rows: row.metadata.rows, bytes: row.metadata.bytes ?? 0 };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const runs = Number(process.env.BENCH_COUNT ?? 3);
for (let i = 0; i < runs; i++) {
  // Each figure printed as soon as it is measured.
  const copy = await copyBaseline();
  console.log(`run ${i + 1}: COPY csv ${fmt(copy.ms)} (${(copy.bytes / 1e6).toFixed(1)} MB)`);
  const select = await selectBaseline();
  console.log(`run ${i + 1}: plain select ${fmt(select.ms)} (${select.rows} rows)`);
  const xlsx = await pipeline();
  console.log(
    `run ${i + 1}: kra.ssr XLSX through the job ${fmt(xlsx.ms)} (in the job ${fmt(xlsx.jobMs)}, ${xlsx.rows} rows, ${(xlsx.bytes / 1e6).toFixed(1)} MB, ${xlsx.status})`,
  );
}
await stopWorkers();
await bare.end();
await closeDatabase();
