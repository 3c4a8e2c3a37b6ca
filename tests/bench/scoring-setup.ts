/**
 * What the scoring benchmarks share: the generator's state tenant and open collection, its teachers'
 * classes, minted sessions, and the built app.
 */
import { spawn, type ChildProcess } from "node:child_process";
import postgres from "postgres";

export const APP = "http://127.0.0.1:3300";
process.env.NEXTAUTH_SECRET ??= "scoring-bench-secret-scoring-bench-0123";
await import("../../scripts/server-only-hook.mjs" as string);
const { encodeToken } = await import("../../lib/platform/session-token");

/** Ids of the sessions minted here, to delete at the end. */
export const bearerSessions: string[] = [];

export async function openDataset(classCount: number) {
  const url = `postgres://postgres@127.0.0.1:5432/${process.env.BENCH_DB ?? "ap_bench"}`;
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  const [state] = await sql<{ tenant_id: number }[]>`select tenant_id from students group by 1 order by count(*) desc limit 1`;
  const t = state.tenant_id;
  const [collection] = await sql<{ id: number }[]>`select id from data_collections where tenant_id = ${t} and deleted_at is null
    and cycle_start_date <= now() and cycle_end_date >= now() order by id limit 1`;
  const items = await sql<{ item: number; entries: number[] }[]>`select ci.assessment_item_id as item,
      array(select se.id from scale_entries se where se.scale_id = coalesce(ci.scale_id, ai.scale_id) order by se.sort_order) as entries
    from data_collection_items ci join assessment_items ai on ai.id = ci.assessment_item_id
    where ci.tenant_id = ${t} and ci.data_collection_id = ${collection.id}`;
  const classes = await sql<{ user_id: number; kids: number[] }[]>`select ea.user_id, array_agg(ea.student_enrollment_id) as kids
    from enrollment_associations ea
    join student_enrollments e on e.tenant_id = ${t} and e.id = ea.student_enrollment_id and e.active
    join student_data_collection_assignments a on a.tenant_id = ${t} and a.data_collection_id = ${collection.id} and a.student_enrollment_id = ea.student_enrollment_id
    where ea.tenant_id = ${t} group by ea.user_id order by count(*) desc, ea.user_id limit ${classCount}`;
  const sessionFor = async (userId: number, role: string): Promise<string> => {
    const [s] = await sql<{ id: string }[]>`insert into auth_sessions (tenant_id, user_id, active_role, expires_at)
      values (${t}, ${userId}, ${role}, now() + interval '2 hours') returning id`;
    bearerSessions.push(s.id);
    return encodeToken({ sub: String(userId), sid: s.id, tid: t });
  };
  return { url, sql, t, collection, items, classes, sessionFor };
}

async function ready(base: string, path: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}${path}`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not start`);
}

/** The built app (npm run build first) on port 3300, against the dataset, without workers. */
export function startApp(url: string): { process: ChildProcess; ready: Promise<void> } {
  const child = spawn("node_modules/.bin/next", ["start", "-p", "3300", "-H", "127.0.0.1"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: url, LOG_LEVEL: "warn", NEXTAUTH_URL: APP, RUN_WORKERS: "false" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { process: child, ready: ready(APP, "/en/api/v1/health") };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
