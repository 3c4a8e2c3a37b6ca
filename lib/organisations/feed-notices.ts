import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";

/**
 * What the integration users (and whoever asked for the run) are told of a feed run, as notification
 * rows in the run's own transaction: new files handed to the bulk load, files skipped as too large,
 * and a failure, but only when the run before did not fail (an hourly feed left failing would
 * otherwise say the same thing every hour). A run that found nothing new says nothing.
 */

export interface RunOutcome {
  status: "succeeded" | "failed";
  loaded: number;
  skipped: string[];
  message: string | null;
}

export function feedNotice(outcome: RunOutcome, previous: string | null): string | null {
  if (outcome.status === "failed") return previous === "failed" ? null : `The district feed failed: ${outcome.message}`;
  const parts: string[] = [];
  if (outcome.loaded) parts.push(`${outcome.loaded} new file${outcome.loaded === 1 ? "" : "s"} sent to the bulk load`);
  if (outcome.skipped.length) parts.push(`not loaded, larger than the bulk load allows: ${outcome.skipped.join(", ")}`);
  return parts.length ? `The district feed ran: ${parts.join("; ")}` : null;
}

/** Notify the integration's enabled users and the run's requester (each once; `except`: one told otherwise). Call inside the run's withTenant. */
export async function notifyFeedRun(tenantId: number, integrationId: number, runId: number, message: string, except?: number): Promise<void> {
  const [integration] = await rows<{ district_id: number; region_id: number }>(
    db(),
    sql`select i.district_id, d.region_id from district_data_integrations i join districts d on d.tenant_id = i.tenant_id and d.id = i.district_id
      where i.tenant_id = ${tenantId} and i.id = ${integrationId}`,
  );
  if (!integration) return;
  await db().execute(
    sql`insert into notifications (tenant_id, user_id, type, message, metadata)
      select ${tenantId}, u.id, 'district_feed', ${message}, ${JSON.stringify({ regionId: integration.region_id, districtId: integration.district_id, runId })}::jsonb
      from users u
      where u.tenant_id = ${tenantId} and u.enabled and u.id <> ${except ?? 0} and (
        exists (select 1 from district_data_integration_users iu where iu.tenant_id = ${tenantId} and iu.integration_id = ${integrationId} and iu.user_id = u.id)
        or u.id = (select r.requested_by from district_data_integration_runs r where r.tenant_id = ${tenantId} and r.id = ${runId}))`,
  );
}
