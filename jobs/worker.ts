/**
 * `npm run worker`: the job workers as their own process, beside an app started with
 * RUN_WORKERS=false. Needs DATABASE_URL (the embedded PGlite serves one process only; without a
 * server the app runs the workers itself). The app applies migrations; this waits for them.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { asSystem, closeDatabase, db, requireTenantContext, rows } from "@/db/client";
import { env } from "@/lib/platform/env";
import { errorFields, log } from "@/lib/platform/logger";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { handlers } from "./registry";

/** Set by SIGTERM/SIGINT: take no more jobs, let active ones finish, exit 0. */
let stopping = false;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function configuration() {
  try {
    return env();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/** Resolves once the database holds every committed migration (the app applies them). */
async function waitForSchema(stopping: () => boolean): Promise<boolean> {
  const journalFile = path.join(process.cwd(), "db", "migrations", "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  let logged = false;
  while (!stopping()) {
    try {
      const [row] = await asSystem("worker start-up: the applied migrations", () =>
        rows<{ n: number }>(db(), sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      if (Number(row.n) >= journal.entries.length) return true;
    } catch {
      // No migrations table yet: the app has not migrated this database.
    }
    if (!logged) log.info("worker waiting for the app to apply migrations", { expected: journal.entries.length });
    logged = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return false;
}

async function main() {
  const config = configuration();
  if (!config.DATABASE_URL) {
    fail(
      "npm run worker needs DATABASE_URL (a PostgreSQL server): the embedded database serves one process only, " +
        "so without DATABASE_URL the app runs the job workers itself (npm start).",
    );
  }
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("worker stopping", { signal, graceSeconds: config.JOB_SHUTDOWN_SECONDS });
    try {
      await stopWorkers({ graceful: true });
      await closeDatabase();
      log.info("worker stopped", { signal });
      process.exit(0);
    } catch (error) {
      log.error("worker stop failed", errorFields(error));
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  if (!(await waitForSchema(() => stopping))) return;
  // Every handler runs bound (asSystem or its payload's tenant): a query outside that is a bug.
  requireTenantContext();
  await startWorkers(handlers);
  log.info("worker started", { kinds: handlers.map((h) => h.kind.name), pid: process.pid });
}

main().catch((error) => {
  // A stop during start-up makes starting fail; the shutdown in progress decides the exit.
  if (stopping) return;
  log.error("worker failed", errorFields(error));
  process.exit(1);
});
