import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { FeedRun } from "./integration-schemas";

/** A district FTP feed's run rows as answered (ftp.json, Fetch now). */

const RECENT_RUNS = 10;

export interface RunRow {
  id: number;
  trigger: FeedRun["trigger"];
  status: FeedRun["status"];
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  files_found: number;
  files_loaded: number;
  message: string | null;
}

const unix = (v: Date | string | null) => (v === null ? null : Math.floor(new Date(v).getTime() / 1000));

interface LoadRow {
  run_id: number;
  name: string;
  bulk_load_id: number | null;
  status: FeedRun["loads"][number]["status"] | null;
}

export const toRun = (r: RunRow, loads: LoadRow[] = []): FeedRun => ({
  id: r.id,
  trigger: r.trigger,
  status: r.status,
  requestedAt: unix(r.created_at)!,
  startedAt: unix(r.started_at),
  finishedAt: unix(r.finished_at),
  filesFound: r.files_found,
  filesLoaded: r.files_loaded,
  message: r.message,
  loads: loads.filter((l) => l.run_id === r.id).map((l) => ({ fileName: l.name, bulkLoadId: l.bulk_load_id, status: l.status })),
});

/** The FTP feed's, waiting or running (OneRoster pulls share the table, source 'oneroster'); one older than an hour outlived its job's retries (a lost worker) and no longer blocks a new run. */
export const waitingRun = sql`r.source = 'ftp' and r.status in ('queued', 'running') and r.created_at > now() - interval '1 hour'`;

export const runColumns = sql`r.id, r.trigger, r.status, r.created_at, r.started_at, r.finished_at, r.files_found, r.files_loaded, r.message`;

/** The integration's latest runs, newest first (call inside forTenant, after checking the district). */
export async function recentRuns(tenantId: number, integrationId: number): Promise<FeedRun[]> {
  const found = await rows<RunRow>(
    db(),
    sql`select ${runColumns} from district_data_integration_runs r
      where r.tenant_id = ${tenantId} and r.integration_id = ${integrationId} and r.source = 'ftp' order by r.created_at desc, r.id desc limit ${RECENT_RUNS}`,
  );
  const ids = found.map((r) => r.id);
  const loads = ids.length
    ? await rows<LoadRow>(
        db(),
        sql`select f.run_id, f.name, f.bulk_load_id, b.status from district_data_integration_files f
          left join bulk_loads b on b.tenant_id = f.tenant_id and b.id = f.bulk_load_id
          where f.tenant_id = ${tenantId} and f.run_id = any(${`{${ids.join(",")}}`}::int[]) order by f.id`,
      )
    : [];
  return found.map((r) => toRun(r, loads));
}
