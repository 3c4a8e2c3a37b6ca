import { closeDatabase, database } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { startInProcessWorkers, stopInProcessWorkers } from "./jobs/runtime";
import { env } from "./lib/platform/env";
import { errorFields, log } from "./lib/platform/logger";

/**
 * Start-up of the app process: migrate, start the in-process job workers, print where to sign in.
 * A failure stops the process with a message that says why.
 */
export async function boot(): Promise<void> {
  try {
    const config = env();
    const handle = database();
    const started = performance.now();
    await applyMigrations(handle);
    log.info("database ready", { kind: handle.kind, migrateMs: Math.round(performance.now() - started) });
    const workers = await startInProcessWorkers();
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
    console.log(`\n  Assessment platform is running: sign in at ${config.PUBLIC_URL}/sign-in\n`);
  } catch (error) {
    log.error("start-up failed", errorFields(error));
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
