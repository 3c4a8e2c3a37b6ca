/**
 * The collections administration's reads on the biggest tenant of a generated database (`npm run
 * db:seed -- --students 130000`: ~1,500 locations, the collection assigned to every region): the
 * covered locations with their counts (locations.json), field tests, a region's listing and the
 * tenant list, for a tenant admin and a district admin. Read-only. p50/p95 over BENCH_COUNT calls.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/collections-admin.ts
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { closeDatabase, rows } = await import("../../db/client");
const { listLocationAssignments } = await import("../../lib/collections/admin-assignments");
const { listAdminCollections } = await import("../../lib/collections/admin-collections");
const { listFieldTests } = await import("../../lib/collections/admin-field-tests");
const { listLevelCollections } = await import("../../lib/collections/admin-levels");
const { benchActor, owner, p50p95, percentiles } = await import("./support");

const count = Number(process.env.BENCH_COUNT ?? 30);
const [{ t, c }] = await rows<{ t: number; c: number }>(
  owner,
  sql`select tenant_id as t, max(id) as c from data_collections group by tenant_id order by count(*) desc limit 1`,
);
const [{ r, d }] = await rows<{ r: number; d: number }>(
  owner,
  sql`select d.region_id as r, d.id as d from districts d join locations l on l.district_id = d.id where d.tenant_id = ${t} group by d.id order by count(*) desc limit 1`,
);

const time = async (fn: () => Promise<unknown>) => p50p95(await percentiles(count, fn));

console.log(`tenant ${t}, collection ${c}, region ${r}, district ${d}; ${count} calls each`);
for (const [who, a] of [
  ["tenant admin", benchActor(t, 0)],
  ["district admin", benchActor(t, 0, d)],
] as const) {
  const covered = await listLocationAssignments(a, t, c);
  console.log(`${who}: locations.json (${covered.length} rows)  ${await time(() => listLocationAssignments(a, t, c))}`);
  console.log(`${who}: fieldtests.json               ${await time(() => listFieldTests(a, t, c))}`);
  console.log(`${who}: region collections.json       ${await time(() => listLevelCollections(a, { tenantId: t, regionId: r }))}`);
  console.log(`${who}: GET /data-collections         ${await time(() => listAdminCollections(a))}`);
}
await closeDatabase();
