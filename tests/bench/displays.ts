/**
 * The admin PLD data display on the biggest tenant of a database (the generator's:
 * `npm run db:seed -- --students 130000`, ~4 M scores): a tenant admin's whole state, the biggest
 * region, district and school, through the full service (tenancy transaction, reach, collection
 * facts, the figures, progress rows where listed: a school's with its chart, a district's only in its
 * students view, timed apart). State, region and district add up the per-school
 * totals of migration 0020; each is printed beside the same display recounted from the children's
 * results (student_results, the pre-0020 path) and, for the state, beside a raw scan answering the
 * same question from the scores themselves. Then the cached path (GET /data-displays/admin/pld's
 * service within the reuse minute). p50/p95 over BENCH_COUNT, after two warm-up runs.
 *   createdb ap_bench && DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npm run db:seed -- --students 130000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/displays.ts
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { closeDatabase, rows } = await import("../../db/client");
const { computeDisplay, displayUrl } = await import("../../lib/displays/service");
const { adminPosition, buildDisplay, collectionFacts } = await import("../../lib/displays/compute");
const { forTenant } = await import("../../lib/platform/tenancy");
const { benchActor, biggestTenant, loadAverage, owner, p50p95, percentiles } = await import("./support");

const count = Number(process.env.BENCH_COUNT ?? 30);
// The generator leaves student_results without planner statistics; autovacuum would gather them soon.
await owner.execute(sql`analyze student_results, student_data_collection_assignments, student_enrollments, collection_display_totals`);

const t = await biggestTenant();
const [{ c }] = await rows<{ c: number }>(
  owner,
  sql`select data_collection_id as c from scores where tenant_id = ${t} group by 1 order by count(*) desc limit 1`,
);
const [{ r, d }] = await rows<{ r: number; d: number }>(
  owner,
  sql`select e.region_id as r, e.district_id as d from student_enrollments e where e.tenant_id = ${t} and e.active group by 1, 2 order by count(*) desc limit 1`,
);
const [{ l }] = await rows<{ l: number }>(
  owner,
  sql`select location_id as l from student_enrollments where tenant_id = ${t} and district_id = ${d} and active group by 1 order by count(*) desc limit 1`,
);
const [{ u }] = await rows<{ u: number }>(
  owner,
  sql`select ur.user_id as u from user_roles ur where ur.tenant_id = ${t} and ur.role = 'ROLE_TENANT_ADMIN' limit 1`,
);
const [{ students, scores }] = await rows<{ students: number; scores: number }>(
  owner,
  sql`select (select count(*) from student_data_collection_assignments where tenant_id = ${t} and data_collection_id = ${c})::int as students,
    (select count(*) from scores where tenant_id = ${t} and data_collection_id = ${c})::int as scores`,
);

const admin = benchActor(t, u);

async function time(label: string, run: () => Promise<unknown>) {
  const result = await percentiles(count, run, 2);
  console.log(`${label.padEnd(58)} ${p50p95(result, 7)}`);
  return result;
}

// The same question (children per region and performance level) from the scores themselves: every
// score of the collection joined to its points, summed per child, placed in a band, grouped.
const baseline = () =>
  rows(
    owner,
    sql`with per_kid as (
      select s.student_enrollment_id as eid, count(*) as n, sum(coalesce(se.score, 0)) as raw
      from scores s join scale_entries se on se.id = s.scale_entry_id
      where s.tenant_id = ${t} and s.data_collection_id = ${c} group by 1
    ), items as (select count(*) as n from data_collection_items where tenant_id = ${t} and data_collection_id = ${c})
    select e.region_id, case when k.n < items.n or k.n is null then null when k.raw < items.n * 1.5 then 'E' when k.raw < items.n * 2.2 then 'A' else 'D' end as level, count(*)
    from student_data_collection_assignments a
    join student_enrollments e on e.tenant_id = ${t} and e.id = a.student_enrollment_id and e.active
    left join per_kid k on k.eid = a.student_enrollment_id cross join items
    where a.tenant_id = ${t} and a.data_collection_id = ${c} group by 1, 2`,
  );

type Drill = { regionId?: number; districtId?: number; locationId?: number };
/** The same display recounted from every child's result (the path before migration 0020's totals). */
const recounted = (drill: Drill) =>
  forTenant(admin, async () => {
    const collection = await collectionFacts(admin, c);
    const position = await adminPosition(admin, c, drill);
    return buildDisplay(admin, "admin", "pld", "LL", collection, { ...position, totals: undefined });
  });
const summed = (drill: Drill) => computeDisplay(admin, "admin", "pld", { dataCollectionId: c, ...drill });

console.log(
  `tenant ${t}, collection ${c}: ${students.toLocaleString("en-US")} children, ${scores.toLocaleString("en-US")} scores; load average ${loadAverage(2)}`,
);
const [{ n: totalRows }] = await rows<{ n: number }>(
  owner,
  sql`select count(*)::int as n from collection_display_totals where tenant_id = ${t} and data_collection_id = ${c}`,
);
console.log(`collection_display_totals rows for the collection: ${totalRows.toLocaleString("en-US")}`);
const state = await summed({});
const check = await recounted({});
console.log(
  `state: ${state.total.students} children, ${state.total.assessed} with a level, ${state.children.length} regions; totals equal a recount: ${JSON.stringify(state.total) === JSON.stringify(check.total)}`,
);

const views: [string, Drill][] = [
  ["state", {}],
  ["region", { regionId: r }],
  ["district", { regionId: r, districtId: d }],
  ["school (classes, progress rows)", { regionId: r, districtId: d, locationId: l }],
];
const figures: Record<string, { p50: number; p95: number }> = {};
for (const [name, drill] of views) {
  figures[name] = await time(`${name} PLD display${drill.locationId ? "" : " (per-school totals)"}`, () => summed(drill));
  if (!drill.locationId) figures[`${name} recount`] = await time(`${name} PLD display, recounted from student_results`, () => recounted(drill));
}
await time("district students view (progress rows, summed chart)", () =>
  computeDisplay(admin, "admin", "students", { dataCollectionId: c, regionId: r, districtId: d }),
);
const bare = await time("state PLD, raw scan (counting scores)", baseline);
await time("state domains display (per-school totals)", () => computeDisplay(admin, "admin", "domains", { dataCollectionId: c }));
await time("state PLD URL, reused within the minute", () => displayUrl(admin, "admin", "pld", { dataCollectionId: c }));
console.log(
  `raw scan / state display at p95: ${(bare.p95 / figures.state.p95).toFixed(1)}x; recount / state display at p95: ${(figures["state recount"].p95 / figures.state.p95).toFixed(1)}x`,
);
console.log(`load average at the end: ${loadAverage(2)}`);
await closeDatabase();
