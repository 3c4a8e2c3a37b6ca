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
  /** Connection string, when on PostgreSQL. */
  url?: string;
  /**
   * What needs a session of its own (LISTEN, session advisory locks), when on PostgreSQL: the pool
   * itself, or with a transaction pooler in front (PgBouncer) a client of the server's direct address.
   */
  session?: postgres.Sql;
  /** The direct address the session client uses (the migration lock's side connection). */
  sessionUrl?: string;
  close(): Promise<void>;
}

interface DatabaseOptions {
  url?: string;
  pgliteDir?: string;
  max?: number;
  /**
   * `url` reaches PostgreSQL through a pooler in transaction mode (PgBouncer's pool_mode = transaction),
   * and `sessionUrl` directly: a server connection is lent per transaction, so statements are not
   * prepared by name (PgBouncer before 1.21 cannot follow them) and session work goes to sessionUrl.
   */
  pooler?: "transaction";
  sessionUrl?: string;
}

export function openDatabase(options: DatabaseOptions = {}): DatabaseHandle {
  if (options.url) {
    const pooled = options.pooler === "transaction";
    const client = (url: string, max: number, name: string) =>
      postgres(url, {
        max,
        onnotice: () => {},
        prepare: !pooled,
        // JIT compiles queries whose estimated cost is high, e.g. a sort over a tenant's 130,000
        // students: 50+ ms of compiling for a 40 ms query. An interactive app never wins it back.
        connection: { application_name: name, jit: "off" },
      });
    const sql = client(options.url, options.max ?? 10, "assessment-platform");
    const sessionUrl = pooled ? (options.sessionUrl ?? options.url) : options.url;
    const session = pooled ? client(sessionUrl, 2, "assessment-platform session") : sql;
    const db = drizzlePostgres(sql, { schema, casing: "snake_case" });
    const close = async () => {
      await Promise.all([sql.end({ timeout: 5 }), session !== sql ? session.end({ timeout: 5 }) : null]);
    };
    return { db, kind: "postgres", sql, url: options.url, session, sessionUrl, close };
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
    const pooler = process.env.DATABASE_POOLER === "transaction" ? "transaction" : undefined;
    holder.__database = openDatabase({ url, pgliteDir, pooler, sessionUrl: process.env.DATABASE_SESSION_URL || undefined });
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
 * the handle's `pglite`, waits for the context's transaction: a deadlock. Work for another
 * connection (a pg-boss send) goes through `afterCommit`, which runs it once the transaction commits.
 */
export const APP_ROLE = "assessment_app";

type Binding = { kind: "tenant"; tenantId: number } | { kind: "system"; reason: string };
type Deferred = { fn: () => Promise<void>; onFailure: (error: unknown) => void };
/**
 * A tenant context always has its transaction; a top-level system context has none (owner
 * connection). `handle` is what db() answers in it; `deferred` is the work `afterCommit` queued there.
 */
type Context = Binding & { tx: Transaction | null; handle: Database | null; deferred: Deferred[] };
const contexts = new AsyncLocalStorage<Context>();
const settings = globalThis as unknown as { __requireTenantContext?: boolean; __onSystemAccess?: (reason: string) => void };

/** The owner connection, outside any tenant context: migrations, seeds, test factories. */
export const ownerDb = (): Database => database().db;

/** The current context's transaction, or the owner connection outside one (see requireTenantContext). */
export const db = (): Database => {
  const context = contexts.getStore();
  if (context?.handle) return context.handle;
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

/**
 * Run `fn` once the current transaction has committed: work another connection must not see before
 * the rows it names (a pg-boss send). Outside a transaction it runs at once and its error is the
 * caller's. Inside one it is queued, and dropped if the transaction, or the savepoint it was queued
 * in, rolls back; after the outermost commit it runs before withTenant returns, and a failure goes
 * to `onFailure` instead of the caller (whose work has committed).
 */
export async function afterCommit(fn: () => Promise<void>, onFailure: (error: unknown) => void): Promise<void> {
  const context = contexts.getStore();
  if (!context?.tx) return fn();
  context.deferred.push({ fn, onFailure });
}

/** Run what a committed transaction deferred, in order; one failure does not stop the rest. */
async function runDeferred(deferred: Deferred[]): Promise<void> {
  for (const { fn, onFailure } of deferred) {
    try {
      await fn();
    } catch (error) {
      onFailure(error);
    }
  }
}

/** A context on a transaction: db() in it answers the transaction, whose transaction() is a savepoint with its own context. */
function openContext(binding: Binding, tx: Transaction): Context {
  const context: Context = { ...binding, tx, handle: null, deferred: [] };
  context.handle = new Proxy(tx as unknown as Database, {
    get(target, property) {
      if (property === "transaction") {
        return <T>(fn: (savepoint: Transaction) => Promise<T>) => savepoint(context, binding, (inner) => fn(inner.handle as unknown as Transaction));
      }
      return Reflect.get(target, property, target) as unknown;
    },
  });
  return context;
}

/** The binding of a context, without its transaction. */
const bindingOf = (context: Context): Binding =>
  context.kind === "tenant" ? { kind: "tenant", tenantId: context.tenantId } : { kind: "system", reason: context.reason };

/**
 * Run fn in a savepoint of the outer context's transaction, as a context bound to `next`: what it
 * defers joins the outer context's queue only once the savepoint is released.
 */
async function savepoint<T>(outer: Context, next: Binding, fn: (inner: Context) => Promise<T>): Promise<T> {
  let inner: Context | undefined;
  const result = await outer.tx!.transaction((tx) => {
    inner = openContext(next, tx);
    return contexts.run(inner, () => fn(inner!));
  });
  outer.deferred.push(...inner!.deferred);
  return result;
}

/** SET LOCAL role and tenant: they last until the transaction ends (or its savepoint rolls back). */
async function bind(tx: Transaction, context: Binding): Promise<void> {
  const [role, tenant] = context.kind === "tenant" ? [APP_ROLE, String(context.tenantId)] : ["none", ""];
  await tx.execute(query`select set_config('role', ${role}, true), set_config('app.tenant_id', ${tenant}, true)`);
}

/** Run fn in a savepoint of the outer context's transaction bound to `next`; restore the outer binding after. */
function within<T>(outer: Context, next: Binding, fn: () => Promise<T>): Promise<T> {
  return savepoint(outer, next, async (inner) => {
    await bind(inner.tx!, next);
    const result = await fn();
    // A released savepoint keeps its SET LOCAL values; on an error the rollback undoes them.
    await bind(inner.tx!, bindingOf(outer));
    return result;
  });
}

/**
 * Run fn as APP_ROLE bound to one tenant, in one transaction (nested calls for the same tenant join
 * it); what fn deferred with afterCommit runs after the commit, before this returns.
 */
export async function withTenant<T>(tenantId: number, fn: () => Promise<T>): Promise<T> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`withTenant: not a tenant id: ${tenantId}`);
  const outer = contexts.getStore();
  if (outer?.kind === "tenant" && outer.tenantId === tenantId) return fn();
  const binding: Binding = { kind: "tenant", tenantId };
  if (outer?.tx) return within(outer, binding, fn);
  let context: Context | undefined;
  const result = await database().db.transaction(async (tx) => {
    // Sent without waiting: the driver pipelines it with fn's first statement, one round trip less
    // per request. The connection runs them in order, and a failure still surfaces here.
    const bound = bind(tx, binding);
    context = openContext(binding, tx);
    try {
      return await contexts.run(context, fn);
    } finally {
      await bound;
    }
  });
  await runDeferred(context!.deferred);
  return result;
}

/**
 * Run fn outside the current context, as if called from the top: its withTenant opens its own
 * transaction on another connection and commits at once. For progress a long transaction reports
 * while it runs (rows written inside it stay invisible until it commits).
 */
export function detached<T>(fn: () => Promise<T>): Promise<T> {
  return contexts.exit(fn);
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
  if (outer?.tx) return within(outer, { kind: "system", reason }, fn);
  return contexts.run({ kind: "system", reason, tx: null, handle: null, deferred: [] }, fn);
}

/**
 * Rows of one statement that binds its own tenant (a database function that sets the role and
 * app.tenant_id locally, as withTenant does, and puts the caller's back; migration 0034). Outside a
 * context it is its own transaction on the pool: one round trip where withTenant takes three
 * (BEGIN, the statement, COMMIT). Inside one it runs in that context's transaction.
 */
export async function selfBound<T>(query: SQL): Promise<T[]> {
  const transaction = contexts.getStore()?.handle;
  // Inside a transaction the caller's transaction decides what a failure means.
  if (transaction) return rows<T>(transaction, query);
  for (let attempt = 1; ; attempt++) {
    try {
      return await rows<T>(database().db, query);
    } catch (error) {
      // A deadlock victim or serialization failure was rolled back whole: on its own, it may run again
      // (concurrent score batches of one school meet on its kept totals rows).
      const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
      if (attempt >= 3 || typeof code !== "string" || !ROLLED_BACK_WHOLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
const ROLLED_BACK_WHOLE = new Set(["40P01", "40001"]);

/** Rows of a raw SQL statement; the two drivers shape results differently. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/** Install a handle as the process's database (tests give each file its own). */
export function installDatabase(handle: DatabaseHandle): void {
  holder.__database = handle;
}
