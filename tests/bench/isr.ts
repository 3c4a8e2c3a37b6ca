/**
 * ISR throughput on the generator's state (`npm run db:seed -- --students 130000` into ap_bench):
 *   1. the request: every child of the largest tenant's KRA collection (130,000 student_outputs rows
 *      and their isr.generate batches, sent in one go) by a tenant admin, timed;
 *   2. the whole pipeline for SECONDS: `WORKERS` worker processes (jobs/worker.ts, as `npm run
 *      worker` runs them) take batches from pg-boss, claim, read student_results, render, store the
 *      files (DATA_DIR) and mark rows generated; throughput = rows generated per second;
 *   3. the bare render in this process for SECONDS: the same documents (the first generated rows'
 *      page data) rendered to buffers, nothing else, on one core;
 * then everything made is removed (rows, files, queued jobs).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/isr.ts [SECONDS=120] [WORKERS=1]
 * No other process may run job workers on that database meanwhile (they would take the jobs too):
 * on a shared machine use a database of its own (see isr-chaos.ts); the per-ISR work does not depend
 * on the state's size (index lookups by row id).
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { rm } = await import("node:fs/promises");
const path = await import("node:path");
const { sql } = await import("drizzle-orm");
const { closeDatabase, rows } = await import("../../db/client");
const { requestIsrs } = await import("../../lib/isr/service");
const { isrPages } = await import("../../lib/isr/generate");
const { renderIsr } = await import("../../lib/isr/document");
const { stopQueue } = await import("../../lib/platform/queue");
const { spawnWorker } = await import("../support/jobs");
const { benchTenant, loadAverage, owner } = await import("./support");

const SECONDS = Number(process.argv[2] ?? 120);
const WORKERS = Number(process.argv[3] ?? 1);
const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(owner, q))[0].n);

const { t, actor } = await benchTenant();
const [collection] = await rows<{ id: number; name: string; n: number }>(
  owner,
  sql`select dc.id, dc.collection_name as name, count(*)::int as n from data_collections dc join assessments a on a.id = dc.assessment_id
    join student_data_collection_assignments sa on sa.tenant_id = dc.tenant_id and sa.data_collection_id = dc.id
    where dc.tenant_id = ${t} and a.taxonomy = 'SUMMATIVE' group by dc.id order by n desc limit 1`,
);
console.log(`tenant ${t}, collection ${collection.id} "${collection.name}": ${collection.n} assigned children; load average ${loadAverage()}`);

// 1. The request.
let started = performance.now();
const { output } = await requestIsrs(actor, { dataCollectionId: collection.id, language: "en" }, {});
const requestMs = performance.now() - started;
console.log(`request: ${output.counts.total} ISRs queued in ${(requestMs / 1000).toFixed(1)} s (rows, audit, ${Math.ceil(output.counts.total / 25)} jobs)`);
await stopQueue({ graceful: false });

// 2. The whole pipeline in worker processes.
const dataDir = process.env.DATA_DIR ?? ".data";
const env = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: dataDir, JOB_EXPIRE_SECONDS: "600", JOB_POLL_SECONDS: "1", LOG_LEVEL: "warn" };
const workers = Array.from({ length: WORKERS }, () => spawnWorker(env));
const generated = () => count(sql`select count(*)::int as n from student_outputs where tenant_id = ${t} and output_id = ${output.id} and status = 'complete'`);
// Timed from the first generated row (worker start-up excluded), for SECONDS.
let exited = false;
for (const w of workers) void w.exited.then(() => (exited = true));
while ((await generated()) === 0) {
  if (exited)
    throw new Error(
      `a worker exited: ${workers
        .map((w) => w.output())
        .join("\n")
        .slice(-2000)}`,
    );
  await new Promise((r) => setTimeout(r, 200));
}
const first = await generated();
started = performance.now();
await new Promise((r) => setTimeout(r, SECONDS * 1000));
const done = (await generated()) - first;
const pipelineSeconds = (performance.now() - started) / 1000;
for (const w of workers) w.child.kill("SIGTERM");
await Promise.all(workers.map((w) => w.exited));
const pipelineRate = done / pipelineSeconds;
const load2 = loadAverage();

// 3. The bare render (renderIsr, tagged): the same documents, in this process.
const sample = (
  await rows<{ id: number }>(
    owner,
    sql`select id from student_outputs where tenant_id = ${t} and output_id = ${output.id} and status = 'complete' order by id limit 200`,
  )
).map((r) => r.id);
const pages = await isrPages(t, collection.id, sample);
for (let i = 0; i < 20; i++) await renderIsr(pages[i % pages.length]); // warm-up, as the workers were
let bare = 0;
started = performance.now();
while (performance.now() - started < SECONDS * 1000) await renderIsr(pages[bare++ % pages.length]);
const bareRate = bare / ((performance.now() - started) / 1000);
const load3 = loadAverage();

const perCore = pipelineRate / WORKERS;
console.log(
  `pipeline (${WORKERS} worker process${WORKERS > 1 ? "es" : ""}): ${done} ISRs in ${pipelineSeconds.toFixed(0)} s = ${pipelineRate.toFixed(1)}/s (${perCore.toFixed(1)}/s per process); load average ${load2}`,
);
console.log(`bare render (1 process): ${bare} ISRs in ${SECONDS} s = ${bareRate.toFixed(1)}/s; load average ${load3}`);
console.log(`pipeline per process / bare: ${((100 * perCore) / bareRate).toFixed(0)}%`);
console.log(`130,000 ISRs at the pipeline's rate: ${(130000 / pipelineRate / 60).toFixed(0)} min (plus the request, ${(requestMs / 1000).toFixed(0)} s)`);

// Clean up: the request's rows, files and remaining jobs.
await owner.execute(sql`delete from pgboss.job where name = 'isr.generate'`).catch(() => undefined);
await owner.execute(sql`delete from student_outputs where tenant_id = ${t} and output_id = ${output.id}`);
await owner.execute(sql`delete from outputs where tenant_id = ${t} and id = ${output.id}`);
await owner.execute(sql`delete from notifications where tenant_id = ${t} and type = 'isr'`);
for (const area of ["objects", "meta"])
  await rm(path.join(dataDir, "files", area, "tenants", String(t), "isr", String(output.id)), { recursive: true, force: true });
await closeDatabase();
process.exit(0);
