/**
 * A rosters bulk load (type `rosters`) of 100,000 rows on the biggest tenant of a generator database
 * (`npm run db:seed -- --students 130000` into its own database), requested by a tenant admin, end to
 * end (request, pg-boss, claim, read, parse, checks, the set-based load, results file, status), beside
 * a bare INSERT ... SELECT of the same 100,000 roster entries (rolled back) in the same run. Each row
 * puts a child on the roster of another teacher of its school (by email); the entries made are removed
 * again afterwards (their audit rows stay: the log is append-only).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/bulk-load-rosters.ts
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
// Each child with a teacher of its school who does not have it on their roster yet.
const children = await rows<{ state_id: string; location_id: number; email: string; enrollment_id: number; user_id: number }>(
  owner,
  sql`select s.tenant_unique_id as state_id, e.location_id, u.email, e.id as enrollment_id, u.id as user_id from students s
    join student_enrollments e on e.tenant_id = ${t} and e.student_id = s.id and e.is_point_of_authority and e.active
    join lateral (select u.id, u.email from user_organizations uo join users u on u.tenant_id = ${t} and u.id = uo.user_id and u.enabled
        join user_roles ur on ur.tenant_id = ${t} and ur.user_id = u.id and ur.role = 'ROLE_TEACHER'
      where uo.tenant_id = ${t} and uo.org_type = 'location' and uo.parent_id = e.location_id
        and not exists (select 1 from enrollment_associations ea where ea.tenant_id = ${t} and ea.user_id = u.id and ea.student_enrollment_id = e.id)
      order by u.id limit 1) u on true
    where s.tenant_id = ${t} and s.merged_into_student_id is null order by s.id limit ${ROWS}`,
);
console.log(`tenant ${t}: ${children.length.toLocaleString("en-US")} rows per file; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);

const bare = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });

/** The same roster entries with one INSERT ... SELECT, in a transaction rolled back afterwards. */
async function bareInsert() {
  let ms = 0;
  const users = `{${children.map((c) => c.user_id).join(",")}}`;
  const enrollments = `{${children.map((c) => c.enrollment_id).join(",")}}`;
  const locations = `{${children.map((c) => c.location_id).join(",")}}`;
  await bare
    .begin(async (tx) => {
      const started = performance.now();
      await tx`insert into enrollment_associations (tenant_id, user_id, student_enrollment_id, location_id)
        select ${t}, u, e, l from unnest(${users}::int[], ${enrollments}::int[], ${locations}::int[]) as x(u, e, l)`;
      ms = performance.now() - started;
      throw new Error("rollback");
    })
    .catch((error: Error) => {
      if (error.message !== "rollback") throw error;
    });
  return ms;
}

async function endToEnd(run: string) {
  const csv = `studentStateId,locationId,teacherEmail\r\n${children.map((c) => `${c.state_id},${c.location_id},${c.email}`).join("\r\n")}\r\n`;
  const key = `${tenantPrefix(t)}bulk-load/bench-rosters-${run}/rosters.csv`;
  await storage().putObject(key, csv, "text/csv");
  // The owner connection: the bench stands in for the upload protocol's completed files row.
  const [file] = await rows<{ id: number }>(
    owner,
    sql`insert into files (tenant_id, owner_id, purpose, bucket, storage_key, original_file_name, content_type, declared_size, size, status, completed_at)
      values (${t}, ${userId}, 'bulk-load', ${storage().bucket}, ${key}, 'rosters.csv', 'text/csv', ${Buffer.byteLength(csv)}, ${Buffer.byteLength(csv)}, 'complete', now()) returning id`,
  );
  const started = performance.now();
  const { bulkLoad } = await requestBulkLoad(actor, { fileId: file.id, type: "rosters" }, {});
  for (;;) {
    const [row] = await rows<{ status: string; error_rows: number; summary: { created?: number; ms?: Record<string, number>; errors?: string[] } }>(
      owner,
      sql`select status, error_rows, summary from bulk_loads where id = ${bulkLoad.id}`,
    );
    if (row.status === "complete" || row.status === "failed") return { ms: performance.now() - started, ...row };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Remove the run's roster entries (foreign-key triggers skipped: nothing else refers to them). */
async function cleanUp(since: Date) {
  await bare.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await tx`delete from enrollment_associations where tenant_id = ${t} and created_at >= ${since}`;
  });
  await bare`vacuum analyze enrollment_associations, audit_log`;
}

requireTenantContext();
await startWorkers([bulkLoadRun]);
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
for (let i = 0; i < Number(process.env.BENCH_COUNT ?? 2); i++) {
  const bareMs = await bareInsert();
  const since = new Date();
  const run = await endToEnd(`${Date.now()}`);
  console.log(
    `run ${i + 1}: bare INSERT ... SELECT of ${children.length} roster entries ${fmt(bareMs)} (rolled back); bulk load end to end ${fmt(run.ms)} ` +
      `(${run.status}, ${run.summary.created} created, ${run.error_rows} refused); steps ${Object.entries(run.summary.ms ?? {}).map(([k, v]) => `${k} ${v} ms`).join(", ")}; ` +
      `load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
  );
  if (run.summary.errors?.length) console.log(run.summary.errors.join("; "));
  await cleanUp(since);
}
await stopWorkers();
await bare.end();
await closeDatabase();
