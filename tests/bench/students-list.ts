/**
 * The administrator's student list (GET /students' service) on the biggest tenant of a database (the
 * generator's: `npm run db:seed -- --students 130000`), for a tenant admin and for the admin of the
 * biggest district, with search, sort and filter; beside each, the bare SQL of the same page and
 * count (one connection, no tenancy transaction). p50/p95 over BENCH_COUNT calls.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_students npx tsx tests/bench/students-list.ts [--explain]
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { closeDatabase, rows } = await import("../../db/client");
const { listStudents, studentPageSql } = await import("../../lib/students/admin-list");
const { studentListQuery } = await import("../../lib/students/schemas");
const { benchActor, biggestTenant, owner, p50p95, percentiles } = await import("./support");

const count = Number(process.env.BENCH_COUNT ?? 50);
const explain = process.argv.includes("--explain");

const t = await biggestTenant();
const [{ d, l }] = await rows<{ d: number; l: number }>(
  owner,
  sql`select lo.district_id as d, max(s.parent_location_id) as l from students s join locations lo on lo.id = s.parent_location_id
    where s.tenant_id = ${t} group by lo.district_id order by count(*) desc limit 1`,
);
const [{ ssid }] = await rows<{ ssid: string }>(
  owner,
  sql`select tenant_unique_id as ssid from students where tenant_id = ${t} and parent_location_id = ${l} limit 1`,
);
const [{ last }] = await rows<{ last: string }>(
  owner,
  sql`select lower(last_name) as last from students where tenant_id = ${t} and parent_location_id = ${l} limit 1`,
);

const cases: [string, Record<string, unknown>][] = [
  ["last name, page 1", {}],
  ["first name desc, page 40", { sort: "firstName", order: "desc", page: 40 }],
  ["dob, page 5", { sort: "dob", page: 5 }],
  ["location sort", { sort: "location" }],
  [`search name "${last.slice(0, 3)}"`, { search: last.slice(0, 3) }],
  ["search state id prefix", { search: ssid.slice(0, ssid.length - 2) }],
  ["district filter, location sort", { districtId: d, sort: "location" }],
  ["location filter, active", { locationId: l, status: "active" }],
];

const time = async (fn: () => Promise<unknown>) => p50p95(await percentiles(count, fn));

console.log(`tenant ${t}: district ${d}, location ${l}; ${count} calls each`);
for (const [who, a] of [
  ["tenant admin", benchActor(t, 0)],
  ["district admin", benchActor(t, 0, d)],
] as const) {
  for (const [name, raw] of cases) {
    const query = studentListQuery.parse(raw);
    const { page, count: total } = studentPageSql(a, query);
    if (explain) {
      const plan = await rows<{ "QUERY PLAN": string }>(owner, sql`explain (analyze, buffers) ${page}`);
      console.log(`\n--- ${who}: ${name}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
    const [result] = [await listStudents(a, query)];
    const service = await time(() => listStudents(a, query));
    const bare = await time(() => Promise.all([rows(owner, page), rows(owner, total)]));
    console.log(`${who.padEnd(15)} ${name.padEnd(34)} total ${String(result.total).padStart(6)}  service ${service}   bare SQL ${bare}`);
  }
}
await closeDatabase();
