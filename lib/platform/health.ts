import "server-only";
import { sql } from "drizzle-orm";
import { database } from "@/db/client";

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

export function databaseHealth(): Promise<ComponentHealth> {
  return probe(async () => {
    const handle = database();
    await handle.db.execute(sql`select 1`);
    return handle.kind;
  });
}
