import { database } from "@/db/client";
import { applyMigrations } from "@/db/migrate";
import { env } from "@/lib/platform/env";
import { errorFields, log } from "@/lib/platform/logger";

/** Start-up of the app process; a failure stops the process with a message that says why. */
export async function boot(): Promise<void> {
  try {
    const config = env();
    const handle = database();
    const started = performance.now();
    await applyMigrations(handle);
    log.info("database ready", { kind: handle.kind, migrateMs: Math.round(performance.now() - started) });
    console.log(`\n  Assessment platform is running at ${config.PUBLIC_URL}/sign-in\n`);
  } catch (error) {
    log.error("start-up failed", errorFields(error));
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
