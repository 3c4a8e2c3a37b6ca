import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { PullRun } from "./oneroster-provider-schemas";

/*
 * What a district's OneRoster pulls have done, read from their runs (source 'oneroster') and the
 * loads that carry them, so a pull applied after its review counts from the moment it is applied.
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

/** A pull of the integration whose dry run waits for someone to apply it (or is being applied). */
export const heldForReview = sql`exists (select 1 from district_data_integration_runs p
  join oneroster_loads l on l.tenant_id = p.tenant_id and l.id = p.oneroster_load_id
  where ${thisProvider} and p.status = 'succeeded' and l.status in ('checked', 'applying'))`;

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

const loadOf = (column: SQL) => sql`(select ${column} from oneroster_loads l where l.tenant_id = r.tenant_id and l.id = r.oneroster_load_id)`;

/**
 * A run as answered (alias `r`). A pull that succeeded stands for its load once someone reviews it:
 * waiting while its dry run is ready, running while it is applied, failed (with the load's reason)
 * if the apply failed.
 */
export const runColumns = sql`r.id, r.trigger,
  case when r.status = 'succeeded' then coalesce(${loadOf(sql`case l.status when 'checked' then 'review' when 'applying' then 'running' when 'failed' then 'failed' end`)}, r.status)
    else r.status end as status,
  r.oneroster_kind as kind, r.created_at, r.started_at, r.finished_at, r.files_found, r.oneroster_load_id,
  case when r.status = 'succeeded' then coalesce(${loadOf(sql`case when l.status = 'failed' then l.message end`)}, r.message) else r.message end as message`;

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
