import "server-only";
import { sql } from "drizzle-orm";
import { asSystem, database, db } from "@/db/client";

interface ComponentHealth {
  ok: boolean;
  ms: number;
  detail?: string;
}

/** Times one probe; a failure is reported, never thrown, so health always answers. */
async function probe(check: () => Promise<string | undefined>): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    const detail = await check();
    return { ok: true, ms: Math.round(performance.now() - started), ...(detail ? { detail } : {}) };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - started), detail: "unreachable" };
  }
}

/** Public (load balancers), before any sign-in; the queue's job counts go through pg-boss's own connection. */
export function databaseHealth(): Promise<ComponentHealth> {
  return probe(async () => {
    await asSystem("health: the database answers", () => db().execute(sql`select 1`));
    return database().kind;
  });
}
