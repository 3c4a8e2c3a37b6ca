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
const { closeDatabase, database, rows } = await import("../../db/client");
const { listLocationAssignments } = await import("../../lib/collections/admin-assignments");
const { listAdminCollections } = await import("../../lib/collections/admin-collections");
const { listFieldTests } = await import("../../lib/collections/admin-field-tests");
const { listLevelCollections } = await import("../../lib/collections/admin-levels");
type Actor = import("../../lib/platform/actor").Actor;

const count = Number(process.env.BENCH_COUNT ?? 30);
const owner = database().db;
const [{ t, c }] = await rows<{ t: number; c: number }>(
  owner,
  sql`select tenant_id as t, max(id) as c from data_collections group by tenant_id order by count(*) desc limit 1`,
);
const [{ r, d }] = await rows<{ r: number; d: number }>(
  owner,
  sql`select d.region_id as r, d.id as d from districts d join locations l on l.district_id = d.id where d.tenant_id = ${t} group by d.id order by count(*) desc limit 1`,
);

const actor = (tenantWide: boolean): Actor => ({
  userId: 0,
  tenantId: t,
  tenantName: "bench",
  roles: tenantWide ? ["ROLE_TENANT_ADMIN", "ROLE_ADMIN"] : ["ROLE_ADMIN"],
  features: [],
  activeRole: "ROLE_ADMIN",
  tenantWide,
  orgs: tenantWide ? [] : [{ orgType: "district", id: d, administrative: true }],
  sessionId: "bench",
  impersonatorId: null,
  via: "internal",
});

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
async function time(fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    const started = performance.now();
    await fn();
    if (i >= 3) times.push(performance.now() - started);
  }
  return `p50 ${pct(times, 50).toFixed(1).padStart(6)} ms  p95 ${pct(times, 95).toFixed(1).padStart(6)} ms`;
}

console.log(`tenant ${t}, collection ${c}, region ${r}, district ${d}; ${count} calls each`);
for (const [who, a] of [
  ["tenant admin", actor(true)],
  ["district admin", actor(false)],
] as const) {
  const covered = await listLocationAssignments(a, t, c);
  console.log(`${who}: locations.json (${covered.length} rows)  ${await time(() => listLocationAssignments(a, t, c))}`);
  console.log(`${who}: fieldtests.json               ${await time(() => listFieldTests(a, t, c))}`);
  console.log(`${who}: region collections.json       ${await time(() => listLevelCollections(a, { tenantId: t, regionId: r }))}`);
  console.log(`${who}: GET /data-collections         ${await time(() => listAdminCollections(a))}`);
}
await closeDatabase();
