import { BOSS_SCHEMA, queue } from "./boss";

export interface QueueHealth {
  ok: boolean;
  ms: number;
  /** Jobs waiting to run (new or awaiting a retry) and jobs running now, across all queues. */
  queued?: number;
  active?: number;
  detail?: string;
}

const TIMEOUT_MS = 5000;

/** The queue's state for the health route; a failure is reported, never thrown. */
export async function queueHealth(): Promise<QueueHealth> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS);
  });
  try {
    const counts = await Promise.race([
      queue().then((boss) =>
        boss
          .getDb()
          .executeSql(
            `SELECT count(*) FILTER (WHERE state < 'active')::int AS queued, count(*) FILTER (WHERE state = 'active')::int AS active FROM ${BOSS_SCHEMA}.job`,
            [],
          ),
      ),
      timeout,
    ]);
    const row = counts.rows[0] as { queued: number; active: number };
    return { ok: true, ms: ms(), queued: Number(row.queued), active: Number(row.active) };
  } catch {
    return { ok: false, ms: ms(), detail: "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}
