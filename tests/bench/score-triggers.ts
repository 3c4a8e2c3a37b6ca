/**
 * The score triggers (results, progress, display totals) for one save and for a seed part, on one
 * connection so that the bulk statements run on the plans the single saves cached (a statement
 * trigger's plan is made for the first transition table it sees), on a fresh, never-analyzed
 * database (statistics removed after the generator).
 *   npx tsx tests/bench/score-triggers.ts [--students 10000] [--saves 400] [--migrations <folder>] [--demo-first] [--keep]
 * --demo-first loads the demo and analyzes it before the generator (the issue's case: statistics
 * that know nothing of the new tenant), keeps them, and prints the generator's time.
 * --migrations builds the database from another migrations folder (e.g. an older commit's, from
 * `git archive <commit> db/migrations | tar -x -C /tmp/old`) to compare. BENCH_DATABASE_URL names
 * the server (default postgres://postgres@127.0.0.1:5432/postgres); the database is ap_bench_triggers.
 * Bare = the same statement with every trigger off (session_replication_role = replica, which also
 * skips the foreign-key checks). The bulk statements are rolled back.
 * Then, at --clients connections (16) for --seconds (10) per round, alternating twice: a teacher's
 * save as the app makes it (save_scores, migration 0034: session, collection and cell checks, the
 * upsert, history and audit rows, and the kept results, progress and totals by trigger) beside the
 * plain upsert of the same rows with every trigger off. Each op sets a grade to another entry and
 * back, so the data ends as it began.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { installDatabase, openDatabase, rows, type Executor } from "../../db/client";
import { applyMigrations, migrationsFolder } from "../../db/migrate";
import { seedDemoIfEmpty } from "../../db/seed/demo";
import { generateState } from "../../db/seed/generator";
import { enterScores } from "../../db/seed/scoring";

const { values } = parseArgs({
  options: {
    students: { type: "string", default: "10000" },
    saves: { type: "string", default: "400" },
    migrations: { type: "string" },
    "demo-first": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    clients: { type: "string", default: "16" },
    seconds: { type: "string", default: "10" },
  },
});
const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = "ap_bench_triggers";
const url = new URL(server);
url.pathname = `/${name}`;

const admin = postgres(server, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${name} with (force)`);
await admin.unsafe(`create database ${name}`);
const setup = openDatabase({ url: url.toString(), max: 4 });
// One connection for every measurement: the plans the saves cache are the ones the bulk statements get.
const handle = openDatabase({ url: url.toString(), max: 1 });
const ms = (started: number) => performance.now() - started;
const p50 = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

interface Cell {
  user_id: number;
  sid: string;
  locations: number[];
  eid: number;
  item: number;
  a: number;
  b: number;
}

/** The save's call beside the plain upsert of the same rows, at --clients connections, alternating twice. */
async function concurrentSaves(t: number, c: number) {
  const clients = Number(values.clients);
  const seconds = Number(values.seconds);
  const options = { max: clients, onnotice: () => {}, connection: { application_name: "bench", jit: "off" } } as const;
  const app = postgres(url.toString(), options);
  const plain = postgres(url.toString(), { ...options, connection: { ...options.connection, session_replication_role: "replica" } });
  try {
    // Three grades of each child of 64 teachers, each with a session as the app's lookup found it.
    const cells = await app<Cell[]>`with teachers as (
        select ea.user_id from enrollment_associations ea where ea.tenant_id = ${t} group by 1 order by count(*) desc, 1 limit 64
      ), sessions as (
        insert into auth_sessions (tenant_id, user_id, active_role, expires_at)
        select ${t}, user_id, 'ROLE_TEACHER', now() + interval '1 day' from teachers returning id, user_id
      )
      select s.user_id, s.id as sid, ea.student_enrollment_id as eid, g.item, g.a, g.b,
        array(select o.parent_id from user_organizations o where o.tenant_id = ${t} and o.user_id = s.user_id and o.org_type = 'location') as locations
      from sessions s join enrollment_associations ea on ea.tenant_id = ${t} and ea.user_id = s.user_id
      cross join lateral (select sc.assessment_item_id as item, sc.scale_entry_id as a,
          (select min(o.id) from scale_entries o join scale_entries se on se.id = sc.scale_entry_id where o.scale_id = se.scale_id and o.id <> se.id) as b
        from scores sc where sc.tenant_id = ${t} and sc.data_collection_id = ${c} and sc.student_enrollment_id = ea.student_enrollment_id
        order by hashint4(sc.id) limit 3) g`;
    const save = (x: Cell, entry: number) =>
      app`select count(*) from save_scores(${t}, ${t}, ${x.user_id}, null, ${x.sid}::uuid, ${x.locations}::int[], ${c}, ${[x.eid]}::int[], ${[x.item]}::int[],
        ${[entry]}::int[], '{NULL}'::text[], null, null, null)`;
    const upsert = (x: Cell, entry: number) =>
      plain`insert into scores (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id, scale_entry_id, entered_by)
        values (${t}, ${c}, ${x.eid}, ${x.item}, ${entry}, ${x.user_id})
        on conflict (tenant_id, data_collection_id, student_enrollment_id, assessment_item_id)
        do update set scale_entry_id = excluded.scale_entry_id, entered_by = excluded.entered_by, updated_at = now()
        where scores.scale_entry_id is distinct from excluded.scale_entry_id`;
    const rates: Record<string, number[]> = { save: [], plain: [] };
    for (let round = 0; round < 2; round++) {
      for (const mode of ["plain", "save"] as const) {
        const run = mode === "save" ? save : upsert;
        const times: number[] = [];
        const until = performance.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (performance.now() < until) {
              const x = cells[Math.floor(Math.random() * cells.length)];
              for (const entry of [x.b, x.a]) {
                const started = performance.now();
                await run(x, entry);
                times.push(ms(started));
              }
            }
          }),
        );
        rates[mode].push(times.length / seconds);
        console.log(
          `${clients} connections, ${mode === "save" ? "save (save_scores)" : "plain upsert, triggers off"}: ${(times.length / seconds).toFixed(0)}/s, p50 ${p50(times).toFixed(2)} ms`,
        );
      }
    }
    const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
    console.log(
      `save / plain upsert: ${((100 * mean(rates.save)) / mean(rates.plain)).toFixed(0)}% (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")})`,
    );
  } finally {
    await app.end();
    await plain.end();
  }
}

try {
  await applyMigrations(setup, values.migrations ?? migrationsFolder);
  if (values["demo-first"]) {
    installDatabase(setup);
    await seedDemoIfEmpty();
    await setup.db.execute(sql`analyze`);
  }
  const state = await generateState({ students: Number(values.students), handle: setup, log: values["demo-first"] ? undefined : () => {} });
  if (values["demo-first"]) console.log(`generator: ${state.seconds.toFixed(1)} s`);
  // Otherwise the worst case of a fresh database: no statistics anywhere, as if never analyzed
  // (autovacuum off, the generator's own ANALYZE not run yet). Needs a superuser.
  else {
    await setup.db.execute(sql`delete from pg_statistic where starelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)`);
    await setup.db.execute(sql`update pg_class set reltuples = -1, relpages = 0 where relnamespace = 'public'::regnamespace and relkind in ('r', 'i')`);
  }
  const t = state.tenantId;
  const c = state.collectionId;
  const db = handle.db;
  const [range] = await rows<{ from: number; to: number }>(
    db,
    sql`select min(id)::int as "from", max(id)::int as "to" from student_enrollments where tenant_id = ${t}`,
  );
  // Each grade's other entry on the same scale: a save and a bulk update that change every grade.
  await db.execute(sql`create temp table other_entry as select se.id as from_id,
    (select min(o.id) from scale_entries o where o.scale_id = se.scale_id and o.id <> se.id) as to_id from scale_entries se`);
  const saved = await rows<{ id: number; a: number; b: number }>(
    db,
    sql`select s.id, s.scale_entry_id as a, x.to_id as b from scores s join other_entry x on x.from_id = s.scale_entry_id
        where s.tenant_id = ${t} and s.data_collection_id = ${c} order by hashint4(s.id) limit ${Number(values.saves)}`,
  );

  async function saves(label: string) {
    for (const bare of [false, true]) {
      await db.execute(sql.raw(`set session_replication_role = ${bare ? "replica" : "origin"}`));
      const times: number[] = [];
      for (const entry of ["b", "a"] as const) {
        for (const s of saved) {
          const started = performance.now();
          await db.execute(sql`update scores set scale_entry_id = ${s[entry]}, updated_at = now() where tenant_id = ${t} and id = ${s.id}`);
          times.push(ms(started));
        }
      }
      await db.execute(sql`set session_replication_role = origin`);
      console.log(
        `${label}, ${bare ? "bare" : "with triggers"}: ${times.length} saves, p50 ${p50(times).toFixed(3)} ms, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3)} ms`,
      );
    }
  }

  /** One bulk statement, with the triggers and bare, each in a transaction rolled back. */
  async function bulk(label: string, run: (tx: Executor) => Promise<unknown>, before?: (tx: Executor) => Promise<unknown>) {
    for (const bare of [false, true]) {
      let took = 0;
      let changed = 0;
      await db
        .transaction(async (tx) => {
          await before?.(tx);
          if (bare) await tx.execute(sql`set local session_replication_role = replica`);
          const [{ n: was }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from scores where tenant_id = ${t} and data_collection_id = ${c}`);
          const started = performance.now();
          await run(tx);
          took = ms(started);
          const [{ n: now }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from scores where tenant_id = ${t} and data_collection_id = ${c}`);
          changed = Math.abs(now - was);
          throw new Error("rollback");
        })
        .catch((error: Error) => {
          if (error.message !== "rollback") throw error;
        });
      console.log(`${label}, ${bare ? "bare" : "with triggers"}: ${(took / 1000).toFixed(1)} s${changed ? ` (${changed.toLocaleString("en-US")} rows)` : ""}`);
    }
  }

  const part = sql`tenant_id = ${t} and data_collection_id = ${c} and student_enrollment_id between ${range.from} and ${range.to}`;
  await saves("single-row save (first on this connection)");
  await bulk("bulk delete of every score", (tx) => tx.execute(sql`delete from scores where ${part}`));
  await bulk(
    "bulk insert of every score (the generator's part)",
    (tx) => enterScores(tx, { tenantId: t, collectionId: c, salt: 1, now: new Date(), range }),
    (tx) => tx.execute(sql`delete from scores where ${part}`),
  );
  await bulk("bulk update of every score to another entry", (tx) =>
    tx.execute(
      sql`update scores s set scale_entry_id = x.to_id from other_entry x where x.from_id = s.scale_entry_id and s.tenant_id = ${t} and s.data_collection_id = ${c}`,
    ),
  );
  await saves("single-row save (after the bulk statements)");
  await concurrentSaves(t, c);
} finally {
  await handle.close();
  await setup.close();
  if (!values.keep) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
