/**
 * The state-sized generator on a fresh PostgreSQL database: run time, database size, largest
 * tables, then the hot reads' plans. Drops the database afterwards unless --keep.
 *   npx tsx tests/bench/generator.ts [--students 130000] [--keep]
 * BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { parseArgs } from "node:util";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { openDatabase, rows } from "../../db/client";
import { applyMigrations } from "../../db/migrate";
import { generateState } from "../../db/seed/generator";
import { explainHotReads } from "./explain-hot-reads";

const { values } = parseArgs({ options: { students: { type: "string", default: "130000" }, keep: { type: "boolean", default: false } } });
const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const name = "ap_bench";
const url = new URL(server);
url.pathname = `/${name}`;

const admin = postgres(server, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${name} with (force)`);
await admin.unsafe(`create database ${name}`);
const handle = openDatabase({ url: url.toString(), max: 4 });
try {
  let started = performance.now();
  await applyMigrations(handle);
  console.log(`Migrations: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  const result = await generateState({ students: Number(values.students), handle });
  console.log(`Generator: ${((performance.now() - started) / 1000).toFixed(1)} s`, result.counts);

  const [size] = await rows<{ bytes: string; pretty: string }>(
    handle.db,
    sql`select pg_database_size(current_database())::text as bytes, pg_size_pretty(pg_database_size(current_database())) as pretty`,
  );
  console.log(`Database size: ${size.pretty} (${size.bytes} bytes)`);
  const tables = await rows<{ table: string; rows: string; total: string; indexes: string }>(
    handle.db,
    sql`select c.relname as table, c.reltuples::bigint::text as rows, pg_size_pretty(pg_total_relation_size(c.oid)) as total,
          pg_size_pretty(pg_indexes_size(c.oid)) as indexes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by pg_total_relation_size(c.oid) desc limit 8`,
  );
  console.table(tables);
  await explainHotReads(handle.db);
} finally {
  await handle.close();
  if (!values.keep) await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}
