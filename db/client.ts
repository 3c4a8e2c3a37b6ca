import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import type { SQL } from "drizzle-orm";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * Both drivers expose the same Drizzle query builder; the postgres-js type stands for either.
 * Reads configuration from process.env directly: db/ imports nothing else of ours, and
 * lib/platform/env validates the same variables at start-up.
 */
export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "postgres" | "pglite";
  /** The embedded engine, when in use (pg-boss runs on it through a custom adapter). */
  pglite?: PGlite;
  /** The postgres.js client, when in use (COPY for bulk loads). */
  sql?: postgres.Sql;
  /** Connection string, when on PostgreSQL (a side connection for the migration lock). */
  url?: string;
  close(): Promise<void>;
}

export function openDatabase(options: { url?: string; pgliteDir?: string; max?: number } = {}): DatabaseHandle {
  if (options.url) {
    const sql = postgres(options.url, {
      max: options.max ?? 10,
      onnotice: () => {},
      connection: { application_name: "assessment-platform" },
    });
    const db = drizzlePostgres(sql, { schema, casing: "snake_case" });
    return { db, kind: "postgres", sql, url: options.url, close: () => sql.end({ timeout: 5 }) };
  }
  const dir = options.pgliteDir ?? "memory://";
  if (!dir.includes("://")) mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir);
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Database;
  return { db, kind: "pglite", pglite, close: () => pglite.close() };
}

const holder = globalThis as unknown as { __database?: DatabaseHandle };

/** One database handle per process; Next may load this module more than once, so it lives on globalThis. */
export function database(): DatabaseHandle {
  if (!holder.__database) {
    const url = process.env.DATABASE_URL || undefined;
    const pgliteDir = process.env.PGLITE_DATA_DIR || path.join(process.env.DATA_DIR || ".data", "pglite");
    holder.__database = openDatabase({ url, pgliteDir });
  }
  return holder.__database;
}

/** Close and forget the process's handle (tests, shutdown). */
export async function closeDatabase(): Promise<void> {
  const handle = holder.__database;
  holder.__database = undefined;
  await handle?.close();
}

export const db = (): Database => database().db;

/** Rows of a raw SQL statement; the two drivers shape results differently. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Install a handle as the process's database (tests give each file its own). */
export function installDatabase(handle: DatabaseHandle): void {
  holder.__database = handle;
}
