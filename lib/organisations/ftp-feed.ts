import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { conflict, notFound } from "@/lib/platform/errors";
import { sendJob, sendJobs } from "@/lib/platform/queue";
import { forTenant } from "@/lib/platform/tenancy";
import { ftpFeedRunJob } from "./ftp-feed-jobs";
import { runColumns, toRun, waitingRun, type RunRow } from "./ftp-runs";
import { administeredDistrict } from "./integrations";

/*
 * The district FTP feed's runs (spec §3 'FTP integration info', §7 ftp.json): queued hourly for every
 * active integration (ftp-feed-jobs.ts) or at once by an admin's "Fetch now"; ftp-feed-run.ts does
 * the work. A run already waiting or running is answered instead of queueing a second.
 */

const FETCH_REQUESTED = "Fetch requested";
const NOT_ACTIVE = "Turn the integration on (Active) before fetching";
const NO_INTEGRATION = "This district has no integration";

/** POST /data-integrations/fetch {districtId}: "Fetch now" for a district the actor administers. */
export async function fetchNow(actor: Actor, districtId: number, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const district = await administeredDistrict(actor, districtId, true);
    const [integration] = await rows<{ id: number; active: boolean; configured: boolean }>(
      db(),
      sql`select id, active, ftp_info ? 'host' and ftp_password_encrypted is not null as configured
        from district_data_integrations where tenant_id = ${t} and district_id = ${district.id}`,
    );
    if (!integration?.configured) throw notFound(NO_INTEGRATION);
    if (!integration.active) throw conflict(NOT_ACTIVE);
    const [waiting] = await rows<RunRow>(
      db(),
      sql`select ${runColumns} from district_data_integration_runs r
        where r.tenant_id = ${t} and r.integration_id = ${integration.id} and ${waitingRun} order by r.id limit 1`,
    );
    if (waiting) return { message: FETCH_REQUESTED, run: toRun(waiting) };
    const [run] = await rows<RunRow>(
      db(),
      sql`insert into district_data_integration_runs as r (tenant_id, integration_id, trigger, requested_by)
        values (${t}, ${integration.id}, 'manual', ${actor.userId}) returning ${runColumns}`,
    );
    await writeAudit(
      actor,
      [{ action: "integration_fetch", entityType: "district", entityId: district.id, details: { integrationId: integration.id, runId: run.id } }],
      origin,
    );
    await sendJob(ftpFeedRunJob, { tenantId: t, runId: run.id }, { idempotencyKey: `ftp-feed:${t}:${run.id}` });
    return { message: FETCH_REQUESTED, run: toRun(run) };
  });
}

/**
 * The hourly tick (runs as system, across tenants): a queued run for every active integration with
 * FTP settings and a password that has no run waiting or running.
 */
export async function queueScheduledRuns(): Promise<{ queued: number }> {
  const queued = await rows<{ tenant_id: number; id: number }>(
    db(),
    sql`insert into district_data_integration_runs (tenant_id, integration_id, trigger)
      select i.tenant_id, i.id, 'schedule' from district_data_integrations i
      where i.active and i.ftp_info ? 'host' and i.ftp_password_encrypted is not null
        and not exists (select 1 from district_data_integration_runs r where r.tenant_id = i.tenant_id and r.integration_id = i.id and ${waitingRun})
      returning tenant_id, id`,
  );
  await sendJobs(
    ftpFeedRunJob,
    queued.map((r) => ({ payload: { tenantId: r.tenant_id, runId: r.id }, idempotencyKey: `ftp-feed:${r.tenant_id}:${r.id}` })),
  );
  return { queued: queued.length };
}
