import "server-only";
import type PgBoss from "pg-boss";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import { asSystem, currentTenantId, db, withTenant } from "@/db/client";
import { env } from "../env";
import { log } from "../logger";
import { BOSS_SCHEMA, isLive, queue, queueState, stopQueue } from "./boss";
import { PermanentJobError, RetryableJobError, ensureQueue, type JobKind } from "./jobs";

export interface JobContext {
  jobId: string;
  /** 1 on the first delivery, 2 on the first retry, ... */
  attempt: number;
  /** No retry follows if this attempt fails. */
  lastAttempt: boolean;
}

/** What a handler returns is kept as the job's output: ids and counts only, no personal data. */
export type JobOutput = Record<string, unknown> | void;

/**
 * Where a handler's queries run. "system" (the default): asSystem, the owner connection, one
 * statement at a time as before RLS. "payload": the payload's `tenantId` under withTenant, one
 * transaction as the application role (a null tenantId runs as "system"); its sendJob and sendMail
 * go out after the commit (afterCommit).
 *
 * "payload" suits a handler that works on one tenant's rows. Not one that works across tenants or
 * before sign-in, nor one that talks to the network between its writes (SMTP, S3): the transaction
 * would hold its connection (on PGlite, the whole database) meanwhile, and hide a claim that other
 * deliveries must see committed.
 */
type JobTenancy = "system" | "payload";

export interface JobHandler {
  kind: JobKind;
  /** Jobs of this kind one process runs at the same time. */
  concurrency: number;
  tenancy: JobTenancy;
  run(payload: unknown, context: JobContext): Promise<JobOutput>;
}

/** Bind a handler to its job kind; the payload reaches `run` already validated by the kind's schema. */
export function handleJob<S extends z.ZodType>(
  kind: JobKind<S>,
  run: (payload: z.output<S>, context: JobContext) => Promise<JobOutput>,
  options: { concurrency?: number; tenancy?: JobTenancy } = {},
): JobHandler {
  return { kind, concurrency: options.concurrency ?? 1, tenancy: options.tenancy ?? "system", run: run as JobHandler["run"] };
}

const payloadTenant = (payload: unknown): number | null => {
  const tenantId = (payload as { tenantId?: unknown } | null)?.tenantId;
  return typeof tenantId === "number" && Number.isSafeInteger(tenantId) && tenantId > 0 ? tenantId : null;
};

type Settled = { ok: true; output: JobOutput } | { ok: false; failure: unknown };

/** False once a failed statement has aborted the binding's transaction. */
const transactionUsable = () =>
  db()
    .execute(sql`select 1`)
    .then(
      () => true,
      () => false,
    );

/**
 * Run a handler under its tenancy. A bound handler's error is caught inside the binding, so what it
 * wrote before failing commits as it did on the owner connection, unless a failed statement aborted
 * the transaction: then the handler's own error goes through (both drivers would refuse the COMMIT
 * with an error of theirs, losing a PermanentJobError) and withTenant rolls back, sends included.
 * A handler that catches a database error and goes on runs that statement in db().transaction().
 */
function runBound(handler: JobHandler, payload: unknown, context: JobContext): Promise<Settled> {
  const settle = async (): Promise<Settled> => {
    try {
      return { ok: true, output: await handler.run(payload, context) };
    } catch (failure) {
      if (currentTenantId() !== null && !(await transactionUsable())) throw failure;
      return { ok: false, failure };
    }
  };
  const tenantId = handler.tenancy === "payload" ? payloadTenant(payload) : null;
  return tenantId === null ? asSystem(`job ${handler.kind.name}`, settle) : withTenant(tenantId, settle);
}

type Outcome = "completed" | "retry" | "failed";

/** Only our own errors carry messages known to be free of personal data. */
const loggable = (error: unknown) =>
  error instanceof PermanentJobError || error instanceof RetryableJobError ? error.message : error instanceof Error ? error.name : "unknown";

/**
 * Run one delivery and settle it ourselves (awaited, unlike pg-boss's own settling), so a graceful
 * stop ends only after the job's state is written. A permanent error uses up the job's retries.
 */
async function runJob(boss: PgBoss, handler: JobHandler, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
  const started = performance.now();
  const attempt = job.retryCount + 1;
  let outcome: Outcome = "completed";
  let output: JobOutput = {};
  let failure: unknown;
  try {
    const parsed = handler.kind.payload.safeParse(job.data);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => i.path.join(".") || "payload").join(", ");
      throw new PermanentJobError(`invalid payload (${fields})`);
    }
    const settled = await runBound(handler, parsed.data, { jobId: job.id, attempt, lastAttempt: job.retryCount >= job.retryLimit });
    if (!settled.ok) throw settled.failure;
    output = settled.output;
  } catch (error) {
    failure = error;
    outcome = error instanceof PermanentJobError || job.retryCount >= job.retryLimit ? "failed" : "retry";
  }
  const ms = Math.round(performance.now() - started);
  if (!isLive(boss)) {
    // This instance stopped and handed the job back; another delivery owns it now.
    log.info("job", { kind: job.name, id: job.id, attempt, ms, outcome: "handed back" });
    return;
  }
  try {
    if (outcome === "completed") {
      await boss.complete(job.name, job.id, output ?? {});
    } else {
      if (failure instanceof PermanentJobError) {
        await boss.getDb().executeSql(`UPDATE ${BOSS_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [job.name, job.id]);
      }
      await boss.fail(job.name, job.id, { message: loggable(failure) });
    }
  } catch {
    // The queue is unreachable: pg-boss retries the job after it expires, which handlers tolerate.
    log.warn("job state not recorded", { kind: job.name, id: job.id });
  }
  log.info("job", { kind: job.name, id: job.id, attempt, ms, outcome, ...(failure ? { error: loggable(failure) } : {}) });
}

/**
 * Start this process's workers: `concurrency` pollers per kind, one job each at a time, and the
 * schedules of kinds with a `cron` (pg-boss keeps one schedule per name, so every worker may register it).
 */
export async function startWorkers(handlers: JobHandler[]): Promise<void> {
  const boss = await queue({ scheduling: true });
  const { workers } = queueState();
  for (const handler of handlers) {
    if (workers.has(handler.kind.name)) continue;
    await ensureQueue(boss, handler.kind);
    if (handler.kind.cron) await boss.schedule(handler.kind.name, handler.kind.cron, {}, { tz: "UTC" });
    const ids: string[] = [];
    workers.set(handler.kind.name, ids);
    for (let i = 0; i < handler.concurrency; i++) {
      ids.push(
        await boss.work(handler.kind.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: env().JOB_POLL_SECONDS }, async ([job]) =>
          runJob(boss, handler, job),
        ),
      );
    }
  }
}

/**
 * Stop taking jobs and stop the queue. Graceful (the default) lets active jobs finish within
 * JOB_SHUTDOWN_SECONDS, then hands the rest back; `graceful: false` hands them back at once.
 */
export function stopWorkers(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
  return stopQueue(options);
}
