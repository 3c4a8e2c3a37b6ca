import { sql } from "drizzle-orm";
import { closeDatabase, database, requireTenantContext } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsPresent, seedDemoIfEmpty } from "./db/seed/demo";
import { startInProcessWorkers, stopInProcessWorkers } from "./jobs/runtime";
import { startPusherForwarder } from "./lib/notifications/live/pusher";
import { env } from "./lib/platform/env";
import { errorFields, log } from "./lib/platform/logger";

/**
 * Start-up of the app process: migrate, load demo data into an empty database, start the in-process
 * job workers, print where to sign in and with what.
 * A failure stops the process with a message that says why.
 */
export async function boot(): Promise<void> {
  try {
    const config = env();
    const handle = database();
    const started = performance.now();
    await applyMigrations(handle);
    log.info("database ready", { kind: handle.kind, migrateMs: Math.round(performance.now() - started) });
    if (config.NODE_ENV === "production" && config.TRUSTED_PROXIES === 0 && config.PUBLIC_URL.startsWith("https://")) {
      log.warn(
        "TRUSTED_PROXIES is 0: no client address can be believed, so per-address sign-in and forgot-password limits are off (set it to the number of proxies in front of the app)",
      );
    }
    const seedStarted = performance.now();
    const { seeded } = await seedDemoIfEmpty();
    if (seeded) log.info("demo data loaded", { ms: Math.round(performance.now() - seedStarted) });
    // PGlite runs no autovacuum, so without this its planner has no statistics (dashboards 4-8x slower).
    if (seeded || handle.kind === "pglite") await handle.db.execute(sql`analyze`);
    const ready = await banner(config.PUBLIC_URL);
    // From here on a query outside withTenant or asSystem is a bug: fail loudly rather than read as the owner.
    requireTenantContext();
    const workers = await startInProcessWorkers();
    // With Pusher configured, one instance forwards notification changes to it (SSE needs no start-up).
    await startPusherForwarder();
    // scripts/start.mjs sets NEXT_MANUAL_SIG_HANDLE so active jobs can finish before exit.
    if (process.env.NEXT_MANUAL_SIG_HANDLE) {
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        process.once(signal, async () => {
          log.info("shutting down", { signal });
          if (workers) await stopInProcessWorkers();
          await closeDatabase();
          process.exit(0);
        });
      }
    }
    console.log(ready);
  } catch (error) {
    log.error("start-up failed", errorFields(error));
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

async function banner(url: string): Promise<string> {
  const lines = ["", `  Assessment platform is running: sign in at ${url}/sign-in`];
  if (await demoAccountsPresent()) {
    lines.push(`  Demo accounts (password ${DEMO_PASSWORD}):`);
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(width)}  ${account.description}`);
  }
  return lines.join("\n") + "\n";
}
