import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { PullRun } from "./oneroster-provider-schemas";

/*
 * What a district's OneRoster pulls have done, read from their runs (source 'oneroster') and the
 * loads that carried them.
 * Only runs that started since the provider was last named anew (oneroster_restarted_at) count.
 * Each fragment is correlated with the integration as `i`.
 */

/** One pull a day reads everything; 23 hours, so the hourly schedule does not slip an hour a day. */
export const FULL_PULL_EVERY = sql`interval '23 hours'`;

const thisProvider = sql`p.tenant_id = i.tenant_id and p.integration_id = i.id and p.source = 'oneroster'
  and p.started_at >= coalesce(i.oneroster_restarted_at, '-infinity'::timestamptz)`;

/**
 * When the latest pull whose records were applied started (full ones only: `full`): its records are
 * ours, so the next delta asks for changes since then. A delta that received nothing counts too.
 */
export const lastPullStart = (full: boolean): SQL =>
  sql`(select max(p.started_at) from district_data_integration_runs p
    left join oneroster_loads l on l.tenant_id = p.tenant_id and l.id = p.oneroster_load_id
    where ${thisProvider} and (l.status = 'applied' or (p.status = 'succeeded' and p.oneroster_kind = 'delta' and p.files_found = 0))
      ${full ? sql`and p.oneroster_kind = 'full'` : sql``})`;

/** The next pull reads everything: none since the provider was named, or the last started a day ago. */
export const fullPullDue = sql`coalesce(${lastPullStart(true)} < now() - ${FULL_PULL_EVERY}, true)`;

export interface RunRow {
  id: number;
  trigger: PullRun["trigger"];
  status: PullRun["status"];
  kind: PullRun["kind"];
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  files_found: number;
  oneroster_load_id: number | null;
  message: string | null;
}

/** A run as answered (alias `r`). */
export const runColumns = sql`r.id, r.trigger, r.status, r.oneroster_kind as kind, r.created_at, r.started_at, r.finished_at, r.files_found, r.oneroster_load_id, r.message`;

export const unix = (v: Date | string | null) => (v === null ? null : Math.floor(new Date(v).getTime() / 1000));

export const toRun = (r: RunRow): PullRun => ({
  id: r.id,
  trigger: r.trigger,
  status: r.status,
  kind: r.kind,
  requestedAt: unix(r.created_at)!,
  startedAt: unix(r.started_at),
  finishedAt: unix(r.finished_at),
  recordsPulled: r.files_found,
  oneRosterLoadId: r.oneroster_load_id,
  message: r.message,
});
