import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { DatabaseHandle } from "./client";
import { writeReferenceData } from "./reference-data";

/** Resolved from the working directory: this module is also bundled by Next, where import.meta.url moves. */
export const migrationsFolder = path.join(process.cwd(), "db", "migrations");

/** Apply the committed drizzle-kit migrations, then the reference data; safe to run on every start. */
export async function applyMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePostgres(handle.db, { migrationsFolder: folder });
  }
  await writeReferenceData(handle.db);
}
