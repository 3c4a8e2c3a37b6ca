import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import postgres from "postgres";
import type { DatabaseHandle } from "./client";
import { writeReferenceData } from "./reference-data";

/** Resolved from the working directory: this module is also bundled by Next, where import.meta.url moves. */
export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/** Key of the session advisory lock every instance takes around migrations (any constant will do). */
const MIGRATION_LOCK_KEY = 7_240_315_001;

/** One run at a time per embedded engine: PGlite is one session, where an advisory lock does not exclude. */
const pgliteRuns = new WeakMap<object, Promise<unknown>>();

async function migrateAndSeed(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePostgres(handle.db, { migrationsFolder: folder });
  }
  await writeReferenceData(handle.db);
}

/**
 * Apply the committed drizzle-kit migrations, then the reference data; safe to run on every start.
 * On PostgreSQL under a session advisory lock held on a side connection, so app instances and
 * workers started together wait for one another instead of racing to create the same objects
 * (the migrator checks what is applied only once, before its transaction).
 */
export async function applyMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    const key = handle.pglite ?? handle.db;
    const run = (pgliteRuns.get(key) ?? Promise.resolve()).catch(() => {}).then(() => migrateAndSeed(handle, folder));
    pgliteRuns.set(key, run);
    return run;
  }
  if (!handle.url) throw new Error("applyMigrations needs the handle's connection string (openDatabase sets it)");
  const lock = postgres(handle.sessionUrl ?? handle.url, { max: 1, onnotice: () => {}, connection: { application_name: "assessment-platform migrations" } });
  try {
    await lock`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migrateAndSeed(handle, folder);
    } finally {
      await lock`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
    }
  } finally {
    await lock.end({ timeout: 5 });
  }
}
