/**
 * The cost of row-level security on the hot paths, in one run on PostgreSQL: the same service calls
 * with the tenant binding off (baseline: the owner connection, as before RLS) and on (forTenant:
 * one transaction as the application role with the tenant set, policies applied), alternating in
 * rounds so drift hits both alike. Then EXPLAIN ANALYZE of the dashboards' main queries as the owner
 * (no policy) and as the application role (policy). Prints p50/p95 per path.
 *   npx tsx tests/bench/rls.ts [--students 130000] [--other 20000] [--rebuild]
 * BENCH_COUNT scales the iterations (default 1: 4 tenant-admin dashboards ... 1,000 session lookups per
 * mode); BENCH_ONLY (a regular expression) picks paths; BENCH_PLANS=1 prints every plan;
 * BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
 * The dataset (tests/bench/rls-dataset.ts) is built on the first run and kept.
 */
import { register } from "node:module";
import { parseArgs } from "node:util";

process.env.LOG_LEVEL ??= "silent";
process.env.NEXTAUTH_SECRET ??= "rls-bench-secret-rls-bench-secret-0123";
// lib/ modules are server-only; and the services' tenancy module becomes the bench's switch.
const serverOnlyHook = "../../scripts/server-only-hook.mjs";
await import(serverOnlyHook);
register("./rls-hooks.mjs", import.meta.url);

const { values } = parseArgs({
  options: { students: { type: "string", default: "130000" }, other: { type: "string", default: "20000" }, rebuild: { type: "boolean", default: false } },
});
const scale = Number(process.env.BENCH_COUNT ?? 1);

const { benchUrl, ensureDataset } = await import("./rls-dataset");
await ensureDataset({ students: Number(values.students), other: Number(values.other), rebuild: values.rebuild });

const postgres = (await import("postgres")).default;
const { drizzle } = await import("drizzle-orm/postgres-js");
const { sql } = await import("drizzle-orm");
const schema = await import("../../db/schema");
const { APP_ROLE, closeDatabase, installDatabase, rows, withTenant } = await import("../../db/client");
const { tenancySwitch } = await import("./rls-tenancy-switch");
const { login } = await import("../../lib/auth/login");
const { loadProfile } = await import("../../lib/auth/profile");
const { hashPassword } = await import("../../lib/auth/password");
const { revokeSession } = await import("../../lib/auth/sessions");
const { actorForSession } = await import("../../lib/platform/actor");
const { teacherDashboard } = await import("../../lib/dashboards/teacher");
const { administratorDashboard } = await import("../../lib/dashboards/administrator");
const { systemDashboard } = await import("../../lib/dashboards/system");
const { shellModel } = await import("../../lib/shell/model");

// The app's own driver settings, plus a logger that keeps the statements of one call for EXPLAIN.
const url = benchUrl();
// BENCH_PLAN_CACHE_MODE (auto, force_custom_plan, force_generic_plan) shows what prepared statements' plans do.
const planCacheMode = process.env.BENCH_PLAN_CACHE_MODE;
const client = postgres(url, {
  max: 10,
  onnotice: () => {},
  connection: { application_name: "rls-bench", ...(planCacheMode ? { plan_cache_mode: planCacheMode } : {}) },
});
let capture: { query: string; params: unknown[] }[] | null = null;
const db = drizzle(client, { schema, casing: "snake_case", logger: { logQuery: (query, params) => capture?.push({ query, params }) } });
installDatabase({ db, kind: "postgres", sql: client, url, close: () => client.end({ timeout: 5 }) });

const PASSWORD = "Bench-pass1";

/** The biggest generated tenant and its people: a tenant admin, the admin of its largest district, a teacher, a system admin. */
async function subjects() {
  const [state] = await rows<{ id: number; slug: string }>(
    db,
    sql`select t.id, t.slug from tenants t join students s on s.tenant_id = t.id group by t.id order by count(*) desc limit 1`,
  );
  const t = state.id;
  const [tenantAdmin] = await rows<{ id: number }>(
    db,
    sql`select user_id as id from user_roles where tenant_id = ${t} and role = 'ROLE_TENANT_ADMIN' order by user_id limit 1`,
  );
  const [districtAdmin] = await rows<{ id: number }>(
    db,
    sql`select uo.user_id as id from user_organizations uo join user_roles ur on ur.tenant_id = uo.tenant_id and ur.user_id = uo.user_id and ur.role = 'ROLE_ADMIN'
      where uo.tenant_id = ${t} and uo.org_type = 'district' and uo.administrative
      order by (select count(*) from student_enrollments e where e.tenant_id = ${t} and e.district_id = uo.parent_id) desc limit 1`,
  );
  // A teacher with a class of median size.
  const [teacher] = await rows<{ id: number; username: string }>(
    db,
    sql`select u.id, u.username from users u join (select user_id, count(*) as n from enrollment_associations where tenant_id = ${t} group by user_id) c on c.user_id = u.id
      where u.tenant_id = ${t} order by c.n, u.id offset (select count(distinct user_id) / 2 from enrollment_associations where tenant_id = ${t}) limit 1`,
  );
  // The generator's tenant admin holds ROLE_TENANT_ADMIN alone; the administrator area also needs ROLE_ADMIN.
  await db.execute(sql`insert into user_roles (tenant_id, user_id, role) select ${t}, ${tenantAdmin.id}, 'ROLE_ADMIN'
    where not exists (select 1 from user_roles where user_id = ${tenantAdmin.id} and role = 'ROLE_ADMIN')`);
  await db.execute(sql`update users set password_hash = ${await hashPassword(PASSWORD)} where id = ${teacher.id}`);
  await db.execute(sql`delete from sign_in_attempts where username = ${teacher.username}`);
  const [system] = await rows<{ id: number }>(
    db,
    sql`with existing as (select user_id as id from user_roles where tenant_id = ${t} and role = 'ROLE_SYSTEM_ADMIN' limit 1),
      created as (insert into users (tenant_id, username, email, first_name, last_name)
        select ${t}, 'system.admin@rls.bench.test', 'system.admin@rls.bench.test', 'System', 'Admin' where not exists (select 1 from existing) returning id),
      role as (insert into user_roles (tenant_id, user_id, role) select ${t}, id, 'ROLE_SYSTEM_ADMIN' from created)
      select id from existing union all select id from created`,
  );
  const session = async (userId: number) => {
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into auth_sessions (tenant_id, user_id, expires_at) values (${t}, ${userId}, now() + interval '1 day') returning id`,
    );
    return { sid: row.id, tid: t };
  };
  const actorOf = async (userId: number) => (await actorForSession(await session(userId), "internal"))!;
  return {
    tenantId: t,
    slug: state.slug,
    teacher: { ...teacher, actor: await actorOf(teacher.id), session: await session(teacher.id) },
    districtAdmin: await actorOf(districtAdmin.id),
    tenantAdmin: await actorOf(tenantAdmin.id),
    system: await actorOf(system.id),
  };
}

async function datasetSize() {
  const [size] = await rows<{ pretty: string }>(db, sql`select pg_size_pretty(pg_database_size(current_database())) as pretty`);
  const counts = await rows<{ slug: string; students: number; scores: number; locations: number; teachers: number }>(
    db,
    sql`select t.slug,
      (select count(*)::int from students s where s.tenant_id = t.id) as students,
      (select count(*)::int from scores s where s.tenant_id = t.id) as scores,
      (select count(*)::int from locations l where l.tenant_id = t.id) as locations,
      (select count(*)::int from user_roles r where r.tenant_id = t.id and r.role = 'ROLE_TEACHER') as teachers
    from tenants t where t.slug like 'state-%' order by t.id`,
  );
  return { size: size.pretty, counts };
}

type Mode = "baseline" | "bound";
interface Case {
  name: string;
  iterations: number;
  run: () => Promise<unknown>;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Rounds of the case in both modes, the order flipping every round; returns the sorted times per mode. */
async function measure(c: Case): Promise<Record<Mode, number[]>> {
  const times: Record<Mode, number[]> = { baseline: [], bound: [] };
  const rounds = Math.min(10, c.iterations);
  const perRound = Math.max(1, Math.round(c.iterations / rounds));
  const once = async (mode: Mode) => {
    tenancySwitch.bound = mode === "bound";
    const started = performance.now();
    await c.run();
    return performance.now() - started;
  };
  for (const mode of ["baseline", "bound"] as const) for (let i = 0; i < Math.min(3, c.iterations); i++) await once(mode); // warm-up
  for (let round = 0; round < rounds; round++) {
    const order: Mode[] = round % 2 ? ["bound", "baseline"] : ["baseline", "bound"];
    for (const mode of order) for (let i = 0; i < perRound; i++) times[mode].push(await once(mode));
  }
  tenancySwitch.bound = true;
  for (const mode of ["baseline", "bound"] as const) times[mode].sort((x, y) => x - y);
  return times;
}

/** EXPLAIN ANALYZE of one statement as the owner (no policy applies) and as the application role bound to the tenant. */
async function explainBoth(label: string, statement: { query: string; params: unknown[] }, tenantId: number) {
  if (process.env.BENCH_ONLY && !new RegExp(process.env.BENCH_ONLY).test(label)) return;
  const text = (result: { "QUERY PLAN": string }[]) => result.map((r) => r["QUERY PLAN"]).join("\n");
  const explain = `explain (analyze, buffers) ${statement.query}`;
  const params = statement.params as never[];
  // Twice each, keeping the second: the first reads pages into the cache.
  await client.unsafe(explain, params);
  const owner = text(await client.unsafe(explain, params));
  const policy = text(
    (await client.begin(async (tx) => {
      await tx`select set_config('role', ${APP_ROLE}, true), set_config('app.tenant_id', ${String(tenantId)}, true)`;
      await tx.unsafe(explain, params);
      return tx.unsafe(explain, params);
    })) as { "QUERY PLAN": string }[],
  );
  // The plan's shape: node names and their relations/indexes, without costs, timings or filters.
  const shape = (plan: string) =>
    plan
      .split("\n")
      .filter((l) => /->|^\S/.test(l) && !/^(Planning|Execution)/.test(l.trim()))
      .map((l) => l.replace(/\(cost=.*$/, "").trim())
      .filter((l) => !/^(->\s+)?Result\b/.test(l));
  const ms = (plan: string) => Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN);
  const same = JSON.stringify(shape(owner)) === JSON.stringify(shape(policy));
  console.log(
    `\n== EXPLAIN ${label}: owner (no policy) ${ms(owner).toFixed(1)} ms, application role (policy) ${ms(policy).toFixed(1)} ms; plan shape ${same ? "the same (but for the policy's one-time filters)" : "differs"}`,
  );
  const policyLines = policy.split("\n").filter((l) => l.includes("current_setting"));
  console.log(`   policy predicates in the plan: ${policyLines.length}${policyLines.length ? ` (e.g. ${policyLines[0].trim()})` : ""}`);
  if (!same || process.env.BENCH_PLANS) {
    console.log(`-- owner:\n${owner}\n-- application role:\n${policy}`);
  }
}

/** The statements one bound call of a service sends (the binding's own set_config excluded). */
async function statementsOf(run: () => Promise<unknown>) {
  capture = [];
  tenancySwitch.bound = true;
  await run();
  const found = capture.filter((s) => !s.query.includes("set_config"));
  capture = null;
  return found;
}

try {
  const s = await subjects();
  const { size, counts } = await datasetSize();
  console.log(`Database ${size}; tenants:`, counts);
  console.log(
    `Subjects in ${s.slug}: teacher of ${(await teacherDashboard(s.teacher.actor)).rosteredStudents} children, admin of district with ${(await administratorDashboard(s.districtAdmin)).students} children, tenant admin\n`,
  );

  const context = { ipAddress: "10.9.9.9", userAgent: "rls-bench", host: null };
  const cases: Case[] = [
    {
      name: "sign-in (login service, then its session revoked)",
      iterations: 100 * scale,
      run: async () => {
        const result = await login({ username: s.teacher.username, password: PASSWORD }, context);
        await revokeSession(result.sessionId);
      },
    },
    {
      name: "sign-in's profile read (loadProfile)",
      iterations: 500 * scale,
      run: () => (tenancySwitch.bound ? withTenant(s.tenantId, () => loadProfile(s.teacher.id)) : loadProfile(s.teacher.id)),
    },
    { name: "session lookup (every request)", iterations: 1000 * scale, run: () => actorForSession(s.teacher.session, "bearer") },
    { name: "header (shellModel, every page)", iterations: 500 * scale, run: () => shellModel(s.teacher.actor, "teacher") },
    { name: "teacher dashboard", iterations: 300 * scale, run: () => teacherDashboard(s.teacher.actor) },
    { name: "district admin dashboard", iterations: 20 * scale, run: () => administratorDashboard(s.districtAdmin) },
    { name: "tenant admin dashboard", iterations: 4 * scale, run: () => administratorDashboard(s.tenantAdmin) },
    { name: "system dashboard (asSystem, not bound)", iterations: 30 * scale, run: () => systemDashboard(s.system) },
  ];
  const f = (n: number) => n.toFixed(2).padStart(8);
  console.log(`${"path".padEnd(52)} ${"n".padStart(5)}   baseline p50 / p95     bound p50 / p95     Δp50`);
  const only = process.env.BENCH_ONLY;
  for (const c of cases.filter((c) => !only || new RegExp(only).test(c.name))) {
    const t = await measure(c);
    const [b50, b95, r50, r95] = [percentile(t.baseline, 50), percentile(t.baseline, 95), percentile(t.bound, 50), percentile(t.bound, 95)];
    console.log(
      `${c.name.padEnd(52)} ${String(t.bound.length).padStart(5)} ${f(b50)} / ${f(b95)} ms ${f(r50)} / ${f(r95)} ms ${((r50 / b50 - 1) * 100).toFixed(0).padStart(5)}%`,
    );
  }

  if (process.env.BENCH_EXPLAIN === "0") process.exit(0);
  const main = (list: { query: string; params: unknown[] }[]) => list.reduce((a, b) => (b.query.length > a.query.length ? b : a));
  await explainBoth("tenant admin dashboard, collections and completion", main(await statementsOf(() => administratorDashboard(s.tenantAdmin))), s.tenantId);
  await explainBoth(
    "district admin dashboard, collections and completion",
    main(await statementsOf(() => administratorDashboard(s.districtAdmin))),
    s.tenantId,
  );
  // Every statement of the district admin's dashboard, one line each: where its time goes in each mode.
  for (const [i, statement] of (await statementsOf(() => administratorDashboard(s.districtAdmin))).entries()) {
    await explainBoth(`district admin dashboard, statement ${i + 1}: ${statement.query.replace(/\s+/g, " ").slice(0, 70)}`, statement, s.tenantId);
  }
  await explainBoth("teacher dashboard, collections and completion", main(await statementsOf(() => teacherDashboard(s.teacher.actor))), s.tenantId);
  await explainBoth("session lookup, session and account", (await statementsOf(() => actorForSession(s.teacher.session, "bearer")))[0], s.tenantId);
} finally {
  await closeDatabase();
}
