import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { JobStatus } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import type { JobCounts, WaitingJob } from "./schemas";

/**
 * GET /admin/tenants/{tenantId}/jobs.json (administration §7 'Job counts', §9): the tenant's ISR
 * batches (outputs), bulk loads and reports waiting in the queue, and those running for more than
 * 30 minutes, counted from their status rows (the rows people see), with the waiting ones listed.
 */

const STUCK_AFTER = sql`now() - interval '30 minutes'`;

/** The three families of background work, as one relation (family, id, kind, status, dates, requester). */
const JOBS = (t: number) => sql`(
  select 'isr' as family, o.id, o.type as kind, o.status, o.created_at, o.started_at, o.requested_by as user_id from outputs o where o.tenant_id = ${t} and o.status in ('queued', 'in_progress')
  union all
  select 'bulk_load', b.id, b.type, b.status, b.created_at, b.started_at, b.user_id from bulk_loads b where b.tenant_id = ${t} and b.status in ('queued', 'in_progress')
  union all
  select 'reports', r.id, r.kind, r.status, r.created_at, r.started_at, r.requested_by from reports r where r.tenant_id = ${t} and r.status in ('queued', 'in_progress')
) j`;

const WAITING = sql`(j.status = 'queued' or (j.status = 'in_progress' and coalesce(j.started_at, j.created_at) < ${STUCK_AFTER}))`;

interface CountRow {
  family: WaitingJob["family"];
  queued: number | string;
  stuck: number | string;
}

interface JobRow {
  family: WaitingJob["family"];
  id: number;
  kind: string;
  status: JobStatus;
  created_at: Date | string;
  started_at: Date | string | null;
  requester: string | null;
}

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

export async function jobCounts(actor: Actor, tenantId: number): Promise<JobCounts> {
  authorize(actor, "jobs.read");
  if (tenantId !== actor.tenantId) throw notFound();
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const counts = await rows<CountRow>(
      db(),
      sql`select j.family, count(*) filter (where j.status = 'queued') as queued,
          count(*) filter (where j.status = 'in_progress' and coalesce(j.started_at, j.created_at) < ${STUCK_AFTER}) as stuck
        from ${JOBS(t)} group by j.family`,
    );
    const listed = await rows<JobRow>(
      db(),
      sql`select j.family, j.id, j.kind, j.status, j.created_at, j.started_at, u.last_name || ', ' || u.first_name as requester
        from ${JOBS(t)} left join users u on u.tenant_id = ${t} and u.id = j.user_id
        where ${WAITING} order by j.created_at, j.id limit 100`,
    );
    const of = (family: WaitingJob["family"], key: "queued" | "stuck") => Number(counts.find((c) => c.family === family)?.[key] ?? 0);
    return {
      count_isr_queued: of("isr", "queued"),
      count_isr_in_progress_30_mins: of("isr", "stuck"),
      count_bulk_load_queued: of("bulk_load", "queued"),
      count_bulk_load_in_progress_30_mins: of("bulk_load", "stuck"),
      count_reports_queued: of("reports", "queued"),
      count_reports_in_progress_30_mins: of("reports", "stuck"),
      jobs: listed.map((j) => ({
        family: j.family,
        id: j.id,
        kind: j.kind,
        status: j.status,
        createdAt: toUnix(asDate(j.created_at)),
        startedAt: toUnix(asDate(j.started_at)),
        requestedBy: j.requester,
      })),
    };
  });
}
