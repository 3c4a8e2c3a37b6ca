import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type PgBoss from "pg-boss";
import type { z } from "zod";
import { afterCommit } from "@/db/client";
import { env } from "../env";
import { log } from "../logger";
import { queue, queueState } from "./boss";

/**
 * A kind of job: its queue name, the zod shape of its payload and its queue settings. Senders
 * (lib/<domain>) and handlers (jobs/handlers) share this one definition.
 */
export interface JobKind<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** Seconds a run may take before it counts as lost and is retried; defaults to JOB_EXPIRE_SECONDS. */
  expireInSeconds?: number;
  /** Retries after the first attempt (default 3), with exponential backoff from JOB_RETRY_DELAY_SECONDS. */
  retryLimit?: number;
  /**
   * A cron expression (UTC): the workers register it with pg-boss's scheduler, which sends one job
   * (payload `{}`) per tick whichever worker process is up. Handlers stay idempotent.
   */
  cron?: string;
}

export type JobPayload<K extends JobKind> = z.input<K["payload"]>;

export function defineJob<S extends z.ZodType>(kind: JobKind<S>): JobKind<S> {
  return kind;
}

/** A failure that another attempt cannot fix (bad payload, missing row): the job fails without retries. */
export class PermanentJobError extends Error {
  name = "PermanentJobError";
}

/** A failure worth retrying whose message is safe to log (no personal data). */
export class RetryableJobError extends Error {
  name = "RetryableJobError";
}

export function queueSettings(kind: JobKind): PgBoss.Queue {
  const config = env();
  return {
    name: kind.name,
    policy: "standard",
    expireInSeconds: kind.expireInSeconds ?? config.JOB_EXPIRE_SECONDS,
    retryLimit: kind.retryLimit ?? 3,
    retryDelay: config.JOB_RETRY_DELAY_SECONDS,
    retryBackoff: config.JOB_RETRY_DELAY_SECONDS > 0,
  };
}

/**
 * Worker processes starting together create and update the same queues at once, and PostgreSQL may
 * pick one of them as a deadlock victim (seen with two `npm run worker` processes started together):
 * that one tries again after a short random pause.
 */
async function createOrUpdateQueue(boss: PgBoss, kind: JobKind): Promise<void> {
  const settings = queueSettings(kind);
  for (let attempt = 1; ; attempt++) {
    try {
      // pg-boss normalises the options object it is given: hand each call its own copy.
      await boss.createQueue(kind.name, { ...settings });
      await boss.updateQueue(kind.name, { ...settings });
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== DEADLOCK || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}
const DEADLOCK = "40P01";

/** pg-boss needs a queue before send or work; settings are (re)applied once per process. */
export function ensureQueue(boss: PgBoss, kind: JobKind): Promise<void> {
  const { ensured } = queueState();
  let ready = ensured.get(kind.name);
  if (!ready) {
    ready = createOrUpdateQueue(boss, kind).catch((error) => {
      ensured.delete(kind.name);
      throw error;
    });
    ensured.set(kind.name, ready);
  }
  return ready;
}

/** A stable job id for an idempotency key: a second send with the same key adds no job. */
function idempotentJobId(kind: string, key: string): string {
  const hex = createHash("sha256").update(`${kind}\0${key}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SendOptions {
  /**
   * Deduplicates sends while the job is still in the queue (pg-boss archives finished jobs after
   * 12 hours). Handlers stay idempotent regardless: delivery is at least once.
   */
  idempotencyKey?: string;
  /** Not before this time. */
  startAfter?: Date;
}

/**
 * Validate the payload (a bad one never enters the queue) and enqueue it. Returns the job id; with
 * an idempotency key, the id of the job already queued under that key. Inside a transaction
 * (withTenant) the send waits for the commit (`afterCommit`): a worker never sees a job before the
 * rows it names, a rollback sends nothing, and on PGlite the send does not wait on the open
 * transaction. Such a late send that fails is logged; mail's outbox sweep re-queues its rows.
 */
export async function sendJob<K extends JobKind>(kind: K, payload: JobPayload<K>, options: SendOptions = {}): Promise<string> {
  const data = kind.payload.parse(payload) as object;
  const id = options.idempotencyKey ? idempotentJobId(kind.name, options.idempotencyKey) : randomUUID();
  const send = async () => {
    const boss = await queue();
    await ensureQueue(boss, kind);
    await boss.send(kind.name, data, { id, ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
    // A worker of this process picks the job up now rather than at its next poll.
    const local = queueState().workers.get(kind.name);
    if (local?.length) boss.notifyWorker(local[0]);
  };
  // The error's name only: a driver's message may quote the payload.
  await afterCommit(send, (error) => log.error("job not sent after commit", { kind: kind.name, id, error: error instanceof Error ? error.name : "unknown" }));
  return id;
}

/**
 * Many jobs of one kind in one insert (a request that fans out into thousands of batches), with
 * sendJob's rules: payloads validated before anything is queued, ids from idempotency keys, sent
 * after the surrounding transaction commits.
 */
export async function sendJobs<K extends JobKind>(kind: K, jobs: { payload: JobPayload<K>; idempotencyKey: string }[]): Promise<void> {
  const prepared = jobs.map((j) => ({ name: kind.name, data: kind.payload.parse(j.payload) as object, id: idempotentJobId(kind.name, j.idempotencyKey) }));
  const send = async () => {
    const boss = await queue();
    await ensureQueue(boss, kind);
    const settings = queueSettings(kind);
    for (let i = 0; i < prepared.length; i += 1000) {
      await boss.insert(
        prepared.slice(i, i + 1000).map((j) => ({
          ...j,
          retryLimit: settings.retryLimit,
          retryDelay: settings.retryDelay,
          retryBackoff: settings.retryBackoff,
          expireInSeconds: settings.expireInSeconds,
        })),
      );
    }
    const local = queueState().workers.get(kind.name);
    if (local?.length) boss.notifyWorker(local[0]);
  };
  await afterCommit(send, (error) =>
    log.error("jobs not sent after commit", { kind: kind.name, count: prepared.length, error: error instanceof Error ? error.name : "unknown" }),
  );
}
