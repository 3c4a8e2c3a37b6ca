import { env } from "@/lib/platform/env";
import { log } from "@/lib/platform/logger";
import { startWorkers, stopWorkers } from "@/lib/platform/queue";
import { handlers } from "./registry";

/**
 * Whether this app process runs the workers. Embedded (no DATABASE_URL) always: PGlite serves one
 * process, so nothing else can. On PostgreSQL unless RUN_WORKERS=false (then `npm run worker` does).
 */
function workersRunInApp(): boolean {
  const config = env();
  return !config.DATABASE_URL || (config.RUN_WORKERS ?? true);
}

/** Called by the app's start-up: starts every job kind's workers inside the app process when they belong there. */
export async function startInProcessWorkers(): Promise<boolean> {
  if (!workersRunInApp()) {
    log.info("job workers left to `npm run worker`", { runWorkers: false });
    return false;
  }
  await startWorkers(handlers);
  log.info("job workers started", { kinds: handlers.map((h) => h.kind.name), inProcess: true });
  return true;
}

/** Graceful stop for the app's shutdown: active jobs finish within JOB_SHUTDOWN_SECONDS or are handed back. */
export function stopInProcessWorkers(): Promise<void> {
  return stopWorkers({ graceful: true });
}
