/**
 * Chaos: 1,000 ISRs of a generator tenant, the worker SIGKILLed in the middle and
 * started again. Afterwards every one of the 1,000 rows is generated exactly once (generations = 1),
 * each has its file, none is lost or doubled, and the request closed with one notification.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_isr npx tsx tests/bench/isr-chaos.ts
 * on a database of its own (`createdb ap_isr`, `npm run db:migrate`, `npm run db:seed -- --students 3000`):
 * any other process running the job workers on the same database takes isr.generate jobs too (and
 * writes their files under its own DATA_DIR), which is right in production but not in a chaos test.
 * A killed batch's job stays active until it expires (JOB_EXPIRE_SECONDS, 20 s here), then pg-boss
 * delivers it again to the restarted worker, which claims the batch's unfinished rows again.
 */
export {};
process.env.JOB_EXPIRE_SECONDS = "20";
await import("../../scripts/server-only-hook.mjs" as string);
const { rm } = await import("node:fs/promises");
const path = await import("node:path");
const { sql } = await import("drizzle-orm");
const { closeDatabase, rows } = await import("../../db/client");
const { ISR_BATCH_SIZE, isrJob } = await import("../../lib/isr/job-kind");
const { isrKey } = await import("../../lib/isr/generate");
const { sendJobs, stopQueue } = await import("../../lib/platform/queue");
const { storage } = await import("../../lib/platform/storage");
const { spawnWorker } = await import("../support/jobs");
const { biggestTenant, firstUser, loadAverage, owner } = await import("./support");

const N = 1000;
const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(owner, q))[0];

const t = await biggestTenant();
const collection = await one<{ id: number }>(
  sql`select dc.id from data_collections dc join assessments a on a.id = dc.assessment_id where dc.tenant_id = ${t} and a.taxonomy = 'SUMMATIVE' order by dc.id limit 1`,
);
const userId = await firstUser(t);
const output = await one<{ id: number }>(
  sql`insert into outputs (tenant_id, data_collection_id, type, status, requested_by, request_data) values (${t}, ${collection.id}, 'isr', 'queued', ${userId}, '{"language":"es"}'::jsonb) returning id`,
);
const ids = (
  await rows<{ id: number }>(
    owner,
    sql`insert into student_outputs (tenant_id, output_id, student_id, data_collection_id, student_enrollment_id, language, status, output_status)
      select ${t}, ${output.id}, e.student_id, ${collection.id}, e.id, 'es', 'queued', 'No ISR'
      from student_data_collection_assignments a join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
      where a.tenant_id = ${t} and a.data_collection_id = ${collection.id} order by e.id limit ${N} returning id`,
  )
)
  .map((r) => r.id)
  .sort((a, b) => a - b);
const batches = [];
for (let i = 0; i < ids.length; i += ISR_BATCH_SIZE) {
  const part = ids.slice(i, i + ISR_BATCH_SIZE);
  batches.push({ payload: { tenantId: t, outputId: output.id, studentOutputIds: part }, idempotencyKey: `isr:${t}:${output.id}:${part[0]}` });
}
await sendJobs(isrJob, batches);
await stopQueue({ graceful: false });
console.log(`${ids.length} ISRs in ${batches.length} batches queued (output ${output.id}); load average ${loadAverage()}`);

const status = () =>
  one<{ complete: number; in_progress: number; queued: number; failed: number }>(
    sql`select count(*) filter (where status = 'complete')::int as complete, count(*) filter (where status = 'in_progress')::int as in_progress,
      count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'failed')::int as failed
      from student_outputs where tenant_id = ${t} and output_id = ${output.id}`,
  );
const env = {
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: process.env.DATA_DIR ?? ".data",
  JOB_EXPIRE_SECONDS: "20",
  JOB_POLL_SECONDS: "1",
  LOG_LEVEL: "warn",
};

const started = performance.now();
const first = spawnWorker(env);
while ((await status()).complete < N * 0.4) await new Promise((r) => setTimeout(r, 100));
first.child.kill("SIGKILL");
await first.exited;
const atKill = await status();
console.log(
  `SIGKILL at ${((performance.now() - started) / 1000).toFixed(1)} s: ${atKill.complete} complete, ${atKill.in_progress} in progress (mid-batch), ${atKill.queued} queued`,
);

const second = spawnWorker(env);
const deadline = Date.now() + 20 * 60_000;
while ((await status()).complete + (await status()).failed < N && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
second.child.kill("SIGTERM");
await second.exited;
const end = await status();
const generations = await rows<{ generations: number; n: number }>(
  owner,
  sql`select generations, count(*)::int as n from student_outputs where tenant_id = ${t} and output_id = ${output.id} group by 1 order by 1`,
);
const students = await one<{ rows: number; students: number }>(
  sql`select count(*)::int as rows, count(distinct student_id)::int as students from student_outputs where tenant_id = ${t} and output_id = ${output.id}`,
);
const closed = await one<{ status: string }>(sql`select status from outputs where tenant_id = ${t} and id = ${output.id}`);
const notes = await one<{ n: number }>(
  sql`select count(*)::int as n from notifications where tenant_id = ${t} and type = 'isr' and (metadata ->> 'outputId')::int = ${output.id}`,
);
let files = 0;
const missing: number[] = [];
for (const id of ids) {
  if (await storage().exists(isrKey(t, output.id, id))) files++;
  else missing.push(id);
}
if (missing.length) {
  const { readdir } = await import("node:fs/promises");
  const dir = path.join(env.DATA_DIR, "files", "objects", "tenants", String(t), "isr", String(output.id));
  const onDisk = await readdir(dir).catch(() => []);
  console.log(`missing ${missing.length}, e.g. ${missing.slice(0, 5).join(", ")}; ${onDisk.length} files in ${dir}, e.g. ${onDisk.slice(0, 5).join(", ")}`);
}
console.log(
  `after restart, ${((performance.now() - started) / 1000).toFixed(1)} s in all: ${end.complete} complete, ${end.failed} failed, ${end.in_progress + end.queued} left`,
);
console.log(
  `generations per row: ${generations.map((g) => `${g.n} rows x ${g.generations}`).join(", ")}; rows ${students.rows} for ${students.students} children; files ${files}; request ${closed.status}; notifications ${notes.n}`,
);
const ok =
  end.complete === N &&
  generations.length === 1 &&
  generations[0].generations === 1 &&
  students.rows === N &&
  files === N &&
  closed.status === "complete" &&
  notes.n === 1;
console.log(ok ? "PASS: all 1,000 generated exactly once, none lost" : "FAIL");

if (!ok) {
  await closeDatabase();
  process.exit(1);
}
await owner.execute(sql`delete from student_outputs where tenant_id = ${t} and output_id = ${output.id}`);
await owner.execute(sql`delete from notifications where tenant_id = ${t} and type = 'isr' and (metadata ->> 'outputId')::int = ${output.id}`);
await owner.execute(sql`delete from outputs where tenant_id = ${t} and id = ${output.id}`);
for (const area of ["objects", "meta"])
  await rm(path.join(env.DATA_DIR, "files", area, "tenants", String(t), "isr", String(output.id)), { recursive: true, force: true });
await closeDatabase();
process.exit(ok ? 0 : 1);
