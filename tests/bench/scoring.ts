/**
 * Teacher scoring at state scale, in one run against the 130,000-student generator on PostgreSQL:
 *  1. score saves/s and p50/p95 at 16 and 64 concurrent clients through the whole stack (the built
 *     app: session, permission, validation, roster, history, audit, results), each beside Next's own
 *     floor in the same run: the same server's cheapest answer, a 401 for a call without a token
 *     (issue 22: no second server); then the batch call in batches of 25 grades, as grades/s;
 *  2. completion of the whole state-sized tenant: today's query (counting scores) beside the stored
 *     results the dashboard reads now;
 *  3. the administrator dashboard page for the tenant admin and a district admin, and the scoring
 *     screen's server render for the largest class (when the page exists).
 * Each figure prints the load average: the load generator shares the machine's cores with the app.
 * Needs a build (npm run build; NEXT_DIST_DIR names another) and the dataset:
 *   createdb ap_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npm run db:seed -- --students 130000
 *   npx tsx tests/bench/scoring.ts        (BENCH_DB=ap_bench, BENCH_SECONDS=20, BENCH_PAGES=30, BENCH_BATCH=25)
 */
import { loadavg } from "node:os";
import { APP, bearerSessions, openDataset, percentile, startApp } from "./scoring-setup";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const pageCount = Number(process.env.BENCH_PAGES ?? 30);
const batchSize = Number(process.env.BENCH_BATCH ?? 25);
const { sql, t, collection, items, classes, sessionFor, url } = await openDataset(200);
const teachers = await Promise.all(classes.slice(0, 64).map(async (c) => ({ ...c, jwt: await sessionFor(c.user_id, "ROLE_TEACHER") })));
const app = startApp(url);
await app.ready;

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`;

/** A random grade of one of the teacher's children on one of the collection's items. */
function cell(teacher: (typeof teachers)[number]) {
  const item = pick(items);
  return {
    studentEnrollmentId: pick(teacher.kids),
    assessmentItemsId: item.item,
    assessmentItemsScalesEntriesId: pick(item.entries),
    requestKey: crypto.randomUUID(),
  };
}

/** `batch` distinct random cells of the teacher's class. */
function cells(teacher: (typeof teachers)[number], batch: number) {
  const chosen = new Map<string, ReturnType<typeof cell>>();
  while (chosen.size < Math.min(batch, teacher.kids.length * items.length)) {
    const c = cell(teacher);
    chosen.set(`${c.studentEnrollmentId}:${c.assessmentItemsId}`, c);
  }
  return [...chosen.values()];
}

/**
 * `clients` loops for `seconds`, each as one teacher: single saves (batch 0) or batch calls of
 * `batch` grades. Counts calls answered 200 and, for batches, the grades saved.
 */
async function saves(clients: number, batch = 0) {
  const times: number[] = [];
  let grades = 0;
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const teacher = teachers[i % teachers.length];
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(`${APP}/en/api/v1/data-collections/${collection.id}/scores${batch ? "/batch" : ""}`, {
          method: "POST",
          headers: { authorization: `Bearer ${teacher.jwt}`, "content-type": "application/json" },
          body: JSON.stringify(batch ? { scores: cells(teacher, batch) } : cell(teacher)),
        });
        const body = (await res.json()) as { scores?: { status: number }[] };
        if (res.status !== 200) {
          failed++;
          continue;
        }
        times.push(performance.now() - started);
        grades += batch ? body.scores!.filter((s) => s.status === 200).length : 1;
        if (batch) failed += body.scores!.length - body.scores!.filter((s) => s.status === 200).length;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rate: times.length / seconds, grades: grades / seconds, p50: percentile(times, 50), p95: percentile(times, 95), failed };
}

/**
 * Next's floor: the same server's cheapest answer, a 401 for a call without a token (Next's routing
 * and our wrapper, no database). A save through the stack cannot go faster than this.
 */
async function floor(clients: number) {
  let answered = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const res = await fetch(`${APP}/en/api/v1/login/me`);
        await res.arrayBuffer();
        if (res.status === 401) answered++;
      }
    }),
  );
  return answered / seconds;
}

console.log(`dataset ${url}: tenant ${t}, collection ${collection.id}, ${items.length} items, ${classes.length} classes used, ${seconds} s per run`);
await saves(4); // warm the routes and the pools
await saves(4, batchSize);
await floor(4);
for (const clients of [16, 64]) {
  const f = await floor(clients);
  console.log(`  floor (401), ${clients} clients: ${f.toFixed(0)} answers/s  (${load()})`);
  const s = await saves(clients);
  console.log(
    `  single save, ${clients} clients: ${s.rate.toFixed(0)} saves/s  p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  failed ${s.failed}  ${((100 * s.rate) / f).toFixed(0)}% of the floor  (${load()})`,
  );
}
const b = await saves(16, batchSize);
console.log(
  `  batch of ${batchSize}, 16 clients: ${b.rate.toFixed(0)} calls/s = ${b.grades.toFixed(0)} grades/s  p50 ${b.p50.toFixed(1)} ms  p95 ${b.p95.toFixed(1)} ms  refused ${b.failed}  (${load()})`,
);

/* Completion of the whole tenant: counting scores (the query before stored results) and the results. */
async function timed(run: () => Promise<unknown>, n = 5) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`;
}
const assigned = sql`select a.data_collection_id, a.student_enrollment_id from student_data_collection_assignments a
  join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
  where a.tenant_id = ${t} and a.data_collection_id = ${collection.id}`;
console.log(
  `completion, whole tenant, counting scores:  ${await timed(
    () => sql`with assigned as (${assigned}) select sum(n) from (
      select sc.data_collection_id, sc.student_enrollment_id, count(*) as n from scores sc
      join data_collection_items i on i.tenant_id = ${t} and i.data_collection_id = sc.data_collection_id and i.assessment_item_id = sc.assessment_item_id + 0
      where sc.tenant_id = ${t} and sc.data_collection_id = ${collection.id} group by 1, 2) per
      join assigned m on m.data_collection_id = per.data_collection_id and m.student_enrollment_id = per.student_enrollment_id`,
    3,
  )}`,
);
console.log(
  `completion, whole tenant, stored results per child:  ${await timed(
    () => sql`with assigned as (${assigned}) select sum(r.scored_items) from assigned m
      join student_results r on r.tenant_id = ${t} and r.data_collection_id = m.data_collection_id and r.student_enrollment_id = m.student_enrollment_id`,
    20,
  )}`,
);
console.log(
  `completion, whole tenant, progress per location (what the dashboard reads):  ${await timed(
    () => sql`select sum(students), sum(scored) from collection_location_progress where tenant_id = ${t} and data_collection_id = ${collection.id}`,
    20,
  )}`,
);

/* Pages: the administrator dashboard (tenant admin, district admin) and the scoring screen. */
const [tenantAdmin] = await sql<
  { id: number }[]
>`select u.id from users u join user_roles r on r.user_id = u.id and r.role = 'ROLE_TENANT_ADMIN' where u.tenant_id = ${t} limit 1`;
// The generator's tenant admin holds ROLE_TENANT_ADMIN only; the administrator area needs ROLE_ADMIN too.
await sql`insert into user_roles (tenant_id, user_id, role) values (${t}, ${tenantAdmin.id}, 'ROLE_ADMIN') on conflict do nothing`;
const [districtAdmin] = await sql<
  { id: number }[]
>`select uo.user_id as id from user_organizations uo where uo.tenant_id = ${t} and uo.org_type = 'district' and uo.administrative
  group by uo.user_id order by uo.user_id limit 1`;
const pages = [
  { name: "admin dashboard, tenant admin", path: "/administrator/dashboard", jwt: await sessionFor(tenantAdmin.id, "ROLE_ADMIN") },
  { name: "admin dashboard, district admin", path: "/administrator/dashboard", jwt: await sessionFor(districtAdmin.id, "ROLE_ADMIN") },
  {
    name: `scoring screen, ${teachers[0].kids.length} students x ${items.length} items`,
    path: `/teacher/collections/${collection.id}/scoring`,
    jwt: teachers[0].jwt,
  },
];
for (const page of pages) {
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < pageCount + 2; i++) {
    const started = performance.now();
    const res = await fetch(`${APP}${page.path}`, { headers: { cookie: `next-auth.session-token=${page.jwt}` }, redirect: "manual" });
    await res.text();
    status = res.status;
    if (status !== 200) throw new Error(`${page.path} answered ${status} for ${page.name}`);
    if (i >= 2) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${page.name.padEnd(44)} status ${status}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`);
}

await sql`delete from auth_sessions where id = any(${bearerSessions})`;
app.process.kill("SIGTERM");
await sql.end();
process.exit(0);
