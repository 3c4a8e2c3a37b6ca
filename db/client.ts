import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { sql as query, type SQL } from "drizzle-orm";
import postgres from "postgres";
import * as schema from "./schema";

/**
 * Both drivers expose the same Drizzle query builder; the postgres-js type stands for either.
 * Reads configuration from process.env directly: db/ imports nothing else of ours, and
 * lib/platform/env validates the same variables at start-up.
 */
export type Database = PostgresJsDatabase<typeof schema>;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
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

/**
 * Tenancy in the database (migration 0008). Every tenant-owned table has row-level security: a row
 * is visible and writable only while app.tenant_id names its tenant and the role is APP_ROLE.
 *
 * - `withTenant(tenantId, fn)` runs fn in one transaction as APP_ROLE with the tenant set; `db()`
 *   inside it (at any depth, through AsyncLocalStorage) is that transaction, and `db().transaction()`
 *   a savepoint. A failed statement aborts the whole transaction: a service that catches a database
 *   error and goes on must run the failing statement in `db().transaction()`.
 * - `asSystem(reason, fn)` is the named path for cross-tenant and pre-authentication work: fn runs
 *   as the connection's own role (the owner, which bypasses RLS). Keep it rare and greppable.
 * - Outside both, `db()` is the owner connection, as before RLS: services that are not wrapped yet
 *   keep working. Once every entry point is wrapped, `requireTenantContext()` at start-up makes a
 *   `db()` outside any context throw (louder than the empty results APP_ROLE would give); migrations,
 *   seeds and test factories then use `ownerDb()`.
 *
 * On PGlite (one session) anything that bypasses `db()` inside a context, such as a query through
 * the handle's `pglite` or a pg-boss send, waits for the context's transaction: a deadlock.
 */
export const APP_ROLE = "assessment_app";

type Binding = { kind: "tenant"; tenantId: number } | { kind: "system"; reason: string };
/** A tenant context always has its transaction; a top-level system context has none (owner connection). */
type Context = Binding & { tx: Transaction | null };
const contexts = new AsyncLocalStorage<Context>();
const settings = globalThis as unknown as { __requireTenantContext?: boolean; __onSystemAccess?: (reason: string) => void };

/** The owner connection, outside any tenant context: migrations, seeds, test factories. */
export const ownerDb = (): Database => database().db;

/** The current context's transaction, or the owner connection outside one (see requireTenantContext). */
export const db = (): Database => {
  const context = contexts.getStore();
  if (context?.tx) return context.tx as unknown as Database;
  if (!context && settings.__requireTenantContext) throw new Error("db() outside withTenant or asSystem");
  return database().db;
};

/** From now on, db() outside withTenant or asSystem throws (call once the entry points are wrapped). */
export function requireTenantContext(required = true): void {
  settings.__requireTenantContext = required;
}

/** Told the reason of every asSystem entry (for the log or an audit trail). */
export function onSystemAccess(listener: ((reason: string) => void) | undefined): void {
  settings.__onSystemAccess = listener;
}

/** The tenant the current context is bound to; null under asSystem or outside any context. */
export function currentTenantId(): number | null {
  const context = contexts.getStore();
  return context?.kind === "tenant" ? context.tenantId : null;
}

/** SET LOCAL role and tenant: they last until the transaction ends (or its savepoint rolls back). */
async function bind(tx: Transaction, context: Binding): Promise<void> {
  const [role, tenant] = context.kind === "tenant" ? [APP_ROLE, String(context.tenantId)] : ["none", ""];
  await tx.execute(query`select set_config('role', ${role}, true), set_config('app.tenant_id', ${tenant}, true)`);
}

/** Run fn in a savepoint of the outer context's transaction bound to `next`; restore the outer binding after. */
function within<T>(outer: Context, tx: Transaction, next: Binding, fn: () => Promise<T>): Promise<T> {
  return tx.transaction(async (savepoint) => {
    await bind(savepoint, next);
    const result = await contexts.run({ ...next, tx: savepoint }, fn);
    // A released savepoint keeps its SET LOCAL values; on an error the rollback undoes them.
    await bind(savepoint, outer);
    return result;
  });
}

/** Run fn as APP_ROLE bound to one tenant, in one transaction (nested calls for the same tenant join it). */
export async function withTenant<T>(tenantId: number, fn: () => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`withTenant: not a tenant id: ${tenantId}`);
  const outer = contexts.getStore();
  if (outer?.kind === "tenant" && outer.tenantId === tenantId) return fn();
  if (outer?.tx) return within(outer, outer.tx, { kind: "tenant", tenantId }, fn);
  return database().db.transaction(async (tx) => {
    await bind(tx, { kind: "tenant", tenantId });
    return contexts.run({ kind: "tenant", tenantId, tx }, fn);
  });
}

/**
 * Run fn as the connection's own role, across tenants: pre-authentication reads (sign-in, host to
 * tenant, reset links), jobs, system administration. `reason` names why, for the reader and the log.
 */
export async function asSystem<T>(reason: string, fn: () => Promise<T>): Promise<T> {
  if (!reason.trim()) throw new Error("asSystem needs a reason");
  settings.__onSystemAccess?.(reason);
  const outer = contexts.getStore();
  if (outer?.kind === "system") return fn();
  if (outer?.tx) return within(outer, outer.tx, { kind: "system", reason }, fn);
  return contexts.run({ kind: "system", reason, tx: null }, fn);
}

/** Rows of a raw SQL statement; the two drivers shape results differently. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Install a handle as the process's database (tests give each file its own). */
export function installDatabase(handle: DatabaseHandle): void {
  holder.__database = handle;
}
