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
const { sql } = await import("drizzle-orm");
const { rows } = await import("../../db/client");
const { benchTenant, fmt, loadAverage, owner } = await import("./support");
const { ROWS, cleanUp, loadEndToEnd, printRun, rolledBack, runLoads } = await import("./bulk-load-bench");

const { t, actor } = await benchTenant();
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
console.log(`tenant ${t}: ${children.length.toLocaleString("en-US")} rows per file; load average ${loadAverage()}`);

/** The same roster entries with one INSERT ... SELECT, in a transaction rolled back afterwards. */
const list = (pick: (c: (typeof children)[number]) => number) => `{${children.map(pick).join(",")}}`;
const bareInsert = () =>
  rolledBack(
    (tx) => tx`insert into enrollment_associations (tenant_id, user_id, student_enrollment_id, location_id)
    select ${t}, u, e, l from unnest(${list((c) => c.user_id)}::int[], ${list((c) => c.enrollment_id)}::int[], ${list((c) => c.location_id)}::int[]) as x(u, e, l)`,
  );

await runLoads(async (i) => {
  const bareMs = await bareInsert();
  const since = new Date();
  const csv = `studentStateId,locationId,teacherEmail\r\n${children.map((c) => `${c.state_id},${c.location_id},${c.email}`).join("\r\n")}\r\n`;
  const run = await loadEndToEnd(actor, "rosters", "rosters.csv", csv);
  printRun(i, run, { before: `bare INSERT ... SELECT of ${children.length} roster entries ${fmt(bareMs)} (rolled back); ` });
  await cleanUp((tx) => tx`delete from enrollment_associations where tenant_id = ${t} and created_at >= ${since}`, "enrollment_associations");
});
