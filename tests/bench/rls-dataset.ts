/**
 * The RLS bench's database on a PostgreSQL server: a state-sized tenant (the generator's) beside a
 * smaller one, so the policy has another tenant's rows to keep out. Built once, kept between runs.
 *   npx tsx tests/bench/rls-dataset.ts [--students 130000] [--other 20000] [--rebuild]
 * BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openDatabase, rows } from "../../db/client";
import { applyMigrations } from "../../db/migrate";
import { generateState } from "../../db/seed/generator";

export const BENCH_DB = "ap_bench_rls";

export function benchUrl(name = BENCH_DB): string {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres");
  url.pathname = `/${name}`;
  return url.toString();
}

/** Build the database unless it already holds a generated state (or `rebuild`). */
export async function ensureDataset(options: { students: number; other: number; rebuild?: boolean }): Promise<void> {
  const admin = postgres(benchUrl("postgres"), { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${BENCH_DB}`;
    if (exists && !options.rebuild) {
      const handle = openDatabase({ url: benchUrl(), max: 1 });
      const [ready] = await rows<{ n: number }>(handle.db, sql`select count(*)::int as n from tenants where slug like 'state-%'`).catch(() => [{ n: 0 }]);
      await handle.close();
      if (ready.n >= 2) return;
    }
    await admin.unsafe(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.unsafe(`create database ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
  const handle = openDatabase({ url: benchUrl(), max: 4 });
  try {
    await applyMigrations(handle);
    for (const students of [options.students, options.other]) {
      const result = await generateState({ students, handle, log: (line) => console.log(line) });
      console.log(`Generated tenant ${result.slug} in ${result.seconds.toFixed(0)} s`, result.counts);
    }
    // Statistics for every table, as autovacuum would leave them (the generator analyzes only the big ones).
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: { students: { type: "string", default: "130000" }, other: { type: "string", default: "20000" }, rebuild: { type: "boolean", default: false } },
  });
  await ensureDataset({ students: Number(values.students), other: Number(values.other), rebuild: values.rebuild });
}
