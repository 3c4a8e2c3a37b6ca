import { spawn, type ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { mailOutbox } from "@/db/schema";

/** Short queue timings for tests: a lost job is retried within seconds, not minutes. */
export const TEST_JOB_ENV = { JOB_EXPIRE_SECONDS: "4", JOB_RETRY_DELAY_SECONDS: "1", JOB_POLL_SECONDS: "0.5" };

/** Set (or, with undefined, unset) variables and drop the cached `env()` so the next call reads them. */
export function setEnv(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  (globalThis as { __env?: unknown }).__env = undefined;
}

export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000, what = "condition"): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function outboxRow(id: number) {
  const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

export const outboxStatus = (id: number, status: string) => async () => {
  const row = await outboxRow(id);
  return row?.status === status ? row : undefined;
};

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Worker processes started and not yet exited. */
const running = new Set<ChildProcess>();

/** Kill every worker still running: after a test, so one that failed or timed out leaves none behind. */
export function killWorkers(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/**
 * `jobs/worker.ts` as its own process. Run through `node --import tsx` rather than the `tsx` CLI,
 * which runs the script in a second child: a signal must reach the worker itself.
 */
export function spawnWorker(env: Record<string, string | undefined>): WorkerProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "info", ...TEST_JOB_ENV };
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete merged[key];
    else merged[key] = value;
  }
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./scripts/server-only-hook.mjs", "jobs/worker.ts"], {
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.on("exit", () => running.delete(child));
  let text = "";
  child.stdout!.on("data", (chunk) => (text += chunk));
  child.stderr!.on("data", (chunk) => (text += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
}

/** The JSON log lines a worker printed. */
export function logLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
