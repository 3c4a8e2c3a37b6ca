/**
 * A collection-assignments bulk load (type `assignments`) of 100,000 rows on the biggest tenant of a
 * generator database (`npm run db:seed -- --students 130000` into its own database), requested by a
 * tenant admin, end to end (request, pg-boss, claim, read, parse, checks, the set-based load, results
 * file, status), beside a bare INSERT ... SELECT of the same 100,000 assignments (rolled back) in the
 * same run. Each run assigns the children to a new collection assigned to every region of the tenant,
 * removed again afterwards (collection, assignments; their audit rows stay: the log is append-only).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/bulk-load-assignments.ts
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const os = await import("node:os");
const { sql } = await import("drizzle-orm");
const postgres = (await import("postgres")).default;
const { closeDatabase, database, requireTenantContext, rows } = await import("../../db/client");
const { bulkLoadRun } = await import("../../jobs/handlers/bulk-load");
const { startWorkers, stopWorkers } = await import("../../lib/platform/queue");
const { storage, tenantPrefix } = await import("../../lib/platform/storage");
const { requestBulkLoad } = await import("../../lib/bulk-load/service");
type Actor = import("../../lib/platform/actor").Actor;

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const owner = database().db;
const [{ t }] = await rows<{ t: number }>(owner, sql`select tenant_id as t from students group by tenant_id order by count(*) desc limit 1`);
const [{ userId }] = await rows<{ userId: number }>(owner, sql`select id as "userId" from users where tenant_id = ${t} order by id limit 1`);
const actor: Actor = {
  userId, tenantId: t, tenantName: "bench", roles: ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"], features: [], activeRole: "ROLE_ADMIN",
  tenantWide: true, orgs: [], sessionId: "bench", impersonatorId: null, via: "internal",
};
const children = await rows<{ state_id: string; enrollment_id: number }>(
  owner,
  sql`select s.tenant_unique_id as state_id, e.id as enrollment_id from students s
    join student_enrollments e on e.tenant_id = ${t} and e.student_id = s.id and e.is_point_of_authority and e.active
    where s.tenant_id = ${t} and s.merged_into_student_id is null order by s.id limit ${ROWS}`,
);
console.log(`tenant ${t}: ${children.length.toLocaleString("en-US")} rows per file; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);

const bare = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

/** A new open collection of the tenant's first collection's year and assessment, assigned to every region. */
async function newCollection(): Promise<number> {
  const [c] = await rows<{ id: number }>(
    owner,
    sql`insert into data_collections (tenant_id, school_year_id, assessment_id, collection_name, cycle_start_date, cycle_end_date, enrollment_end_date)
      select tenant_id, school_year_id, assessment_id, 'Bench assignments ' || now(), now(), now() + interval '60 days', now() + interval '30 days'
      from data_collections where tenant_id = ${t} order by id limit 1 returning id`,
  );
  await owner.execute(sql`insert into data_collection_region_assignments (tenant_id, data_collection_id, region_id) select ${t}, ${c.id}, id from regions where tenant_id = ${t}`);
  return c.id;
}

/** The same assignments with one INSERT ... SELECT, in a transaction rolled back afterwards. */
async function bareInsert(collectionId: number) {
  let ms = 0;
  const ids = `{${children.map((c) => c.enrollment_id).join(",")}}`;
  await bare
    .begin(async (tx) => {
      const started = performance.now();
      await tx`insert into student_data_collection_assignments (tenant_id, student_enrollment_id, data_collection_id, teacher_type, token)
        select ${t}, e, ${collectionId}, 'Primary', gen_random_uuid()::text from unnest(${ids}::int[]) e`;
      ms = performance.now() - started;
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
  return ms;
}

async function endToEnd(collectionId: number) {
  const csv = `studentStateId,dataCollectionId\r\n${children.map((c) => `${c.state_id},${collectionId}`).join("\r\n")}\r\n`;
  const key = `${tenantPrefix(t)}bulk-load/bench-assignments-${collectionId}/assignments.csv`;
  await storage().putObject(key, csv, "text/csv");
  // The owner connection: the bench stands in for the upload protocol's completed files row.
  const [file] = await rows<{ id: number }>(
    owner,
    sql`insert into files (tenant_id, owner_id, purpose, bucket, storage_key, original_file_name, content_type, declared_size, size, status, completed_at)
      values (${t}, ${userId}, 'bulk-load', ${storage().bucket}, ${key}, 'assignments.csv', 'text/csv', ${Buffer.byteLength(csv)}, ${Buffer.byteLength(csv)}, 'complete', now()) returning id`,
  );
  const started = performance.now();
  const { bulkLoad } = await requestBulkLoad(actor, { fileId: file.id, type: "assignments" }, {});
  for (;;) {
    const [row] = await rows<{ status: string; error_rows: number; summary: { created?: number; ms?: Record<string, number>; errors?: string[] } }>(
      owner,
      sql`select status, error_rows, summary from bulk_loads where id = ${bulkLoad.id}`,
    );
    if (row.status === "complete" || row.status === "failed") return { ms: performance.now() - started, ...row };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Remove the run's collection and assignments (foreign-key triggers skipped: nothing else refers to them). */
async function cleanUp(collectionId: number) {
  await bare.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`delete from student_data_collection_assignments where tenant_id = ${t} and data_collection_id = ${collectionId}`;
    await tx`delete from data_collection_region_assignments where tenant_id = ${t} and data_collection_id = ${collectionId}`;
    await tx`delete from collection_location_progress where tenant_id = ${t} and data_collection_id = ${collectionId}`;
    await tx`delete from data_collections where tenant_id = ${t} and id = ${collectionId}`;
  });
  await bare`vacuum analyze student_data_collection_assignments, audit_log`;
}

requireTenantContext();
await startWorkers([bulkLoadRun]);
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
for (let i = 0; i < Number(process.env.BENCH_COUNT ?? 2); i++) {
  const collectionId = await newCollection();
  const bareMs = await bareInsert(collectionId);
  const run = await endToEnd(collectionId);
  console.log(
    `run ${i + 1}: bare INSERT ... SELECT of ${children.length} assignments ${fmt(bareMs)} (rolled back); bulk load end to end ${fmt(run.ms)} ` +
      `(${run.status}, ${run.summary.created} created, ${run.error_rows} refused); steps ${Object.entries(run.summary.ms ?? {}).map(([k, v]) => `${k} ${v} ms`).join(", ")}; ` +
      `load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
  );
  if (run.summary.errors?.length) console.log(run.summary.errors.join("; "));
  await cleanUp(collectionId);
}
await stopWorkers();
await bare.end();
await closeDatabase();
