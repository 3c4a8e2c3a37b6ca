/**
 * The administrator's user list (what /administrator/users and GET /users call: listUsers) on the
 * biggest tenant of a database (the generator's: `npm run db:seed -- --students 130000`), for a
 * tenant admin and for the admin of the district with the most people, with search, sort and
 * filters; beside each, the bare SQL of the same page and count (one connection, no tenancy
 * transaction). p50/p95 over BENCH_COUNT calls.
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ap_bench npx tsx tests/bench/users-list.ts [--explain]
 * BENCH_ONLY=<text> runs only the cases whose name contains it.
 */
export {};
await import("../../scripts/server-only-hook.mjs" as string);
const { sql } = await import("drizzle-orm");
const { closeDatabase, rows } = await import("../../db/client");
const { listUsers, userPageSql } = await import("../../lib/users/list");
const { userListQuery } = await import("../../lib/users/schemas");
const { benchActor, loadAverage, owner, p50p95, percentiles } = await import("./support");

const count = Number(process.env.BENCH_COUNT ?? 50);
const explain = process.argv.includes("--explain");
const only = process.env.BENCH_ONLY;

const [{ t, n }] = await rows<{ t: number; n: string }>(
  owner,
  sql`select tenant_id as t, count(*) as n from users group by tenant_id order by count(*) desc limit 1`,
);
// The district with the most people linked under it (directly or at its locations).
const [{ d }] = await rows<{ d: number }>(
  owner,
  sql`select coalesce(l.district_id, o.parent_id) as d from user_organizations o
    left join locations l on o.org_type = 'location' and l.id = o.parent_id
    where o.tenant_id = ${t} and o.org_type in ('location', 'district') group by 1 order by count(distinct o.user_id) desc limit 1`,
);
const [{ l }] = await rows<{ l: number }>(
  owner,
  sql`select o.parent_id as l from user_organizations o join locations x on x.id = o.parent_id and x.district_id = ${d}
    where o.tenant_id = ${t} and o.org_type = 'location' group by 1 order by count(*) desc limit 1`,
);
const [{ last, email }] = await rows<{ last: string; email: string }>(
  owner,
  sql`select lower(u.last_name) as last, lower(u.email) as email from users u join user_organizations o on o.tenant_id = u.tenant_id and o.user_id = u.id
    where u.tenant_id = ${t} and o.org_type = 'location' and o.parent_id = ${l} limit 1`,
);

const cases: [string, Record<string, unknown>][] = [
  ["last name, page 1", {}],
  ["first name desc, page 40", { sort: "firstName", order: "desc", page: 40 }],
  ["email sort, page 5", { sort: "email", page: 5 }],
  ["status sort", { sort: "status" }],
  [`search name "${last.slice(0, 3)}"`, { search: last.slice(0, 3) }],
  ["search email start", { search: email.slice(0, Math.max(3, email.indexOf("@"))) }],
  ["role teacher, active", { role: "ROLE_TEACHER", status: "active" }],
  ["admins only", { admin: "1" }],
  ["linked to one location", { orgType: "location", orgId: l }],
];

const time = async (fn: () => Promise<unknown>) => p50p95(await percentiles(count, fn));

console.log(`tenant ${t} (${n} users): district ${d}, location ${l}; ${count} calls each; load average ${loadAverage(2)}`);
for (const [who, a] of [
  ["tenant admin", benchActor(t, 0)],
  ["district admin", benchActor(t, 0, d)],
] as const) {
  for (const [name, raw] of cases) {
    if (only && !name.includes(only)) continue;
    const query = userListQuery.parse(raw);
    const { page, count: total } = userPageSql(a, query);
    if (explain) {
      const plan = await rows<{ "QUERY PLAN": string }>(owner, sql`explain (analyze, buffers) ${page}`);
      console.log(`\n--- ${who}: ${name}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
    const result = await listUsers(a, query);
    const service = await time(() => listUsers(a, query));
    const bare = await time(() => Promise.all([rows(owner, page), rows(owner, total)]));
    console.log(`${who.padEnd(15)} ${name.padEnd(30)} total ${String(result.total).padStart(6)}  service ${service}   bare SQL ${bare}`);
  }
}
console.log(`load average at the end ${loadAverage(2)}`);
await closeDatabase();
