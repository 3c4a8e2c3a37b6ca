import "server-only";
import PgBoss from "pg-boss";
import type { PGlite } from "@electric-sql/pglite";
import { database } from "@/db/client";
import { env } from "../env";
import { errorFields, log } from "../logger";

/** pg-boss keeps its tables in this schema of the application's database. */
export const BOSS_SCHEMA = "pgboss";

/** The process's pg-boss and what was set up on it; Next may load this module twice, so it lives on globalThis. */
interface QueueState {
  boss?: PgBoss;
  starting?: Promise<PgBoss>;
  /** Queues created (and their settings applied) by this process, by name. */
  ensured: Map<string, Promise<void>>;
  /** Ids of this process's workers, by queue name (to wake one after a local send). */
  workers: Map<string, string[]>;
  /** Stopped instances: their active jobs were handed back, so their handlers must not settle them. */
  retired: WeakSet<PgBoss>;
  /** Whether the instance runs pg-boss's scheduler (turns cron schedules into jobs): only where workers run. */
  scheduling: boolean;
}

const holder = globalThis as unknown as { __queue?: QueueState };

export function queueState(): QueueState {
  holder.__queue ??= { ensured: new Map(), workers: new Map(), retired: new WeakSet(), scheduling: false };
  return holder.__queue;
}

/**
 * pg-boss on the embedded database: parameterised statements through `query`; scripts (pg-boss's
 * maintenance brings its own BEGIN/COMMIT) inside a transaction, so a failing script is rolled back
 * instead of leaving PGlite's one shared session in an aborted transaction.
 */
function pgliteAdapter(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return { rows: (await pglite.query(text, values)).rows };
      const results = await pglite.transaction((tx) => tx.exec(text));
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

function bossOptions(scheduling: boolean): PgBoss.ConstructorOptions {
  const config = env();
  const handle = database();
  const common: PgBoss.ConstructorOptions = {
    schema: BOSS_SCHEMA,
    // The scheduler runs where workers run; an app that only sends jobs has no use for its polling.
    schedule: scheduling,
    // Maintenance returns jobs of dead workers to the queue: run it well within their expiry.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.ceil(config.JOB_EXPIRE_SECONDS / 2))),
    pollingIntervalSeconds: config.JOB_POLL_SECONDS,
  };
  if (handle.kind === "pglite") return { ...common, db: pgliteAdapter(handle.pglite!) };
  if (!config.DATABASE_URL) throw new Error("DATABASE_URL is required for the job queue on PostgreSQL");
  return {
    ...common,
    connectionString: config.DATABASE_URL,
    application_name: "assessment-platform-jobs",
    max: 5,
    // Passed through to pg's pool: an unreachable server fails health instead of hanging it.
    connectionTimeoutMillis: 5000,
  } as PgBoss.ConstructorOptions;
}

async function startBoss(scheduling: boolean): Promise<PgBoss> {
  const boss = new PgBoss(bossOptions(scheduling));
  boss.on("error", (error) => log.error("job queue error", errorFields(error)));
  await boss.start();
  return boss;
}

/**
 * The process's started pg-boss (installs or upgrades its own schema on first start). Workers ask
 * for `scheduling`: an instance started without the scheduler (a send came first) is restarted with it.
 */
export async function queue(options: { scheduling?: boolean } = {}): Promise<PgBoss> {
  const state = queueState();
  if (options.scheduling && !state.scheduling) {
    if (state.boss || state.starting) await stopQueue();
    state.scheduling = true;
  }
  if (state.boss) return state.boss;
  state.starting ??= startBoss(state.scheduling).then(
    (boss) => {
      state.boss = boss;
      state.starting = undefined;
      return boss;
    },
    (error) => {
      state.starting = undefined;
      throw error;
    },
  );
  return state.starting;
}

/**
 * Stop the process's pg-boss. Graceful: workers take no new jobs, active ones get `timeoutMs` to
 * finish and are then handed back (failed, hence retried). Not graceful: handed back at once.
 * Either way the next `queue()` starts a fresh instance.
 */
export async function stopQueue(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
  const state = queueState();
  const boss = state.boss ?? (await state.starting?.catch(() => undefined));
  state.boss = undefined;
  state.scheduling = false;
  state.ensured.clear();
  state.workers.clear();
  if (!boss) return;
  const graceful = options.graceful ?? true;
  if (!graceful) state.retired.add(boss);
  await boss.stop({ graceful, wait: true, timeout: options.timeoutMs ?? env().JOB_SHUTDOWN_SECONDS * 1000 });
  state.retired.add(boss);
}

/** False once `boss` has stopped and handed its active jobs back to the queue. */
export const isLive = (boss: PgBoss) => !queueState().retired.has(boss);
