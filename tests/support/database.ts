import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import os from "node:os";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import postgres from "postgres";
import { openDatabase, type Database, type DatabaseHandle } from "@/db/client";
import { applyMigrations } from "@/db/migrate";
import * as schema from "@/db/schema";

/**
 * Each test file gets its own fresh database: with TEST_DATABASE_URL a new database cloned from a
 * migrated template on that server; otherwise an in-memory PGlite restored from a migrated dump.
 */
// Named per test run (the global setup's pid, inherited by the workers) so parallel runs never share one.
const RUN_ID = (process.env.AP_TEST_RUN ??= String(process.pid));
const TEMPLATE_DB = `ap_test_template_${RUN_ID}`;
const PGLITE_DUMP = path.join(os.tmpdir(), `ap-test-pglite-template-${RUN_ID}.tar.gz`);

export function serverUrl(dbName: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/**
 * A file's database as the app would open it: with TEST_DATABASE_POOLER_URL (PgBouncer in transaction
 * mode, tests/bench/scale-out.sh) its statements go through the pooler and its session work direct.
 */
function openTestDatabase(url: string): DatabaseHandle {
  const pooler = process.env.TEST_DATABASE_POOLER_URL;
  if (!pooler) return openDatabase({ url, max: 5 });
  const pooled = new URL(pooler);
  pooled.pathname = new URL(url).pathname;
  return openDatabase({ url: pooled.toString(), max: 5, pooler: "transaction", sessionUrl: url });
}

/** Build the migrated template once per run (global setup); returns its teardown. */
export async function prepareTemplate(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.unsafe(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const handle = openDatabase({ url: serverUrl(TEMPLATE_DB), max: 1 });
    await applyMigrations(handle);
    await handle.close();
    return async () => {
      // The template, and what the workers left: a spare nobody took, a drop cut short at exit.
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 4, onnotice: () => {} });
      const left = await admin<{ datname: string }[]>`select datname from pg_database where datname like ${`ap\_test\_${RUN_ID}\_%`}`;
      await Promise.all([TEMPLATE_DB, ...left.map((row) => row.datname)].map((name) => admin.unsafe(`drop database if exists ${name} with (force)`)));
      await admin.end();
    };
  }
  const pglite = new PGlite("memory://");
  await applyMigrations({ db: drizzle(pglite) as unknown as Database, kind: "pglite", pglite, close: () => pglite.close() });
  const dump = await pglite.dumpDataDir("gzip");
  writeFileSync(PGLITE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  return async () => rmSync(PGLITE_DUMP, { force: true });
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the file's database (null for PGlite). */
  url: string | null;
  drop(): Promise<void>;
}

/** A new database cloned from the template; the run's teardown drops any it finds left. */
async function cloneTemplate(): Promise<string> {
  const name = `ap_test_${RUN_ID}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${TEMPLATE_DB}`);
    // No test checks durability: a commit need not wait for the disk (2 ms a flush here).
    await admin.unsafe(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return name;
}

async function dropDatabase(name: string): Promise<void> {
  const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A clone opened as the app would; its drop waits for the database to go, or lets it go on after. */
function openClone(name: string, { dropLater = false } = {}): TestDatabase {
  const url = serverUrl(name);
  const handle = openTestDatabase(url);
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      const dropped = dropDatabase(name);
      if (dropLater) dropped.catch(() => undefined);
      else await dropped;
    },
  };
}

/** The clone the next file of this process will take, made while the current file runs. */
const spare = globalThis as { __spareTestDatabase?: Promise<string> };

/**
 * A test file's own database (tests/support/setup-db.ts). Cloning (about a second) and dropping (a
 * checkpoint: one to five seconds) happen beside the tests: each file takes a clone made while the file
 * before it ran, and its drop runs on after the file has ended.
 */
export async function createFileDatabase(): Promise<TestDatabase> {
  if (!process.env.TEST_DATABASE_URL) return createTestDatabase();
  const name = await (spare.__spareTestDatabase ?? cloneTemplate());
  const next = cloneTemplate();
  next.catch(() => undefined); // a failure is met again by the file that awaits it
  spare.__spareTestDatabase = next;
  return openClone(name, { dropLater: true });
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) return openClone(await cloneTemplate());
  if (!existsSync(PGLITE_DUMP)) throw new Error("PGlite template dump missing: global setup did not run");
  const pglite = new PGlite({ loadDataDir: new Blob([readFileSync(PGLITE_DUMP)]) });
  const handle: DatabaseHandle = {
    db: drizzle(pglite, { schema, casing: "snake_case" }) as unknown as Database,
    kind: "pglite",
    pglite,
    close: () => pglite.close(),
  };
  return { handle, url: null, drop: () => handle.close() };
}

/**
 * A database with nothing in it, not even migrations (for migration tests): a new database on the
 * test server, or a new in-memory PGlite.
 */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DATABASE_URL) {
    const name = `ap_empty_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = serverUrl(name);
    const handle = openDatabase({ url, max: 5 });
    return {
      handle,
      url,
      async drop() {
        await handle.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const handle = openDatabase({ pgliteDir: "memory://" });
  return { handle, url: null, drop: () => handle.close() };
}

/** The PostgreSQL error a statement fails with (null when it succeeds), whichever driver raised it. */
export async function dbFailure(run: () => Promise<unknown>): Promise<{ code: string; message: string } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    for (let e = error as { code?: unknown; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, message: e.message ?? "" };
    }
    throw error;
  }
}
