/**
 * Runs once when the Next server starts (Node runtime only): migrate, load demo data into an empty
 * database, start the job workers in-process, then print where to sign in. A failure stops the
 * process with a message that says why.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("./lib/platform/env");
  const { errorFields, log } = await import("./lib/platform/logger");
  try {
    const config = env();
    const { database, closeDatabase } = await import("./db/client");
    const { applyMigrations } = await import("./db/migrate");
    const { startInProcessWorkers, stopInProcessWorkers } = await import("./jobs/runtime");
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
