import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, rows, withTenant } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import { internalActor, personColumns, type PersonRow } from "@/lib/bulk-load/uploader";
import { restBundle, REST_COLLECTIONS } from "@/lib/oneroster/rest-bundle";
import { PullFailure, pullRecords } from "@/lib/oneroster/rest-client";
import { runOneRosterLoad } from "@/lib/oneroster/service";
import type { Actor } from "@/lib/platform/actor";
import { PermanentJobError, RetryableJobError, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { storage, tenantPrefix } from "@/lib/platform/storage";
import { notifyFeedRun } from "./feed-notices";
import { decryptSecret } from "./integration-secret";
import { fullPullDue, lastPullStart } from "./oneroster-pull-history";

/*
 * One pull of a district's OneRoster 1.2 provider (job integration.oneroster-pull):
 *
 * 1. claim the run, read the provider and decide the kind of pull: full (every record) when asked
 *    for (Pull everything now), when none was applied since the provider was named or the last
 *    started 23 hours ago or more (oneroster-pull-history.ts), else delta (records modified since
 *    the last applied pull's start); 2. choose the actor (pullActor); their reach bounds the load
 *    and the audit rows name them; 3. take a token and every page of orgs, academicSessions, users,
 *    classes, enrollments and demographics; 4. write them as a OneRoster bundle (bulk for a full
 *    pull, so the intake ends what the provider no longer lists; delta otherwise), store it as a
 *    oneroster upload and apply it as a OneRoster load (lib/oneroster: the same checks, mapping,
 *    refusals and audit rows as an uploaded bundle, and the load on the OneRoster page), or, where
 *    pulls are reviewed, stop after its dry run: the load stays checked for its owner to read and
 *    apply on the OneRoster page (a later pull replaces one still waiting); 5. record the outcome on
 *    the run (the next delta starts from it once its load is applied) and tell the integration
 *    users (as the FTP feed does).
 *
 * Nothing is applied until every page has arrived; a failure anywhere leaves our records and the
 * next delta's start as they were. A delta that received nothing makes no load.
 */

const NO_LOADER = "Choose an integration user who may load OneRoster bundles";
const SECRET_UNREADABLE = "The stored client secret cannot be read: enter it again";
const INACTIVE = "The OneRoster provider is not active";
const REPLACED = "A later pull of the provider replaced this one; nothing of it was written";
const EMPTY_FULL = "The provider listed no orgs or no users: a full pull is not applied, as it would end the whole roster";

type Payload = { tenantId: number; runId: number };

interface Claimed {
  run_id: number;
  requested_by: number | null;
  integration_id: number;
  district_id: number;
  region_id: number;
  oneroster_info: Record<string, unknown>;
  oneroster_secret_encrypted: string | null;
  kind: "full" | "delta";
  /** When the last applied pull started (a delta asks for records modified since). */
  pulled_at: Date | string | null;
}

async function claim({ tenantId, runId }: Payload, context: JobContext): Promise<Claimed | null> {
  return withTenant(tenantId, async () => {
    const [claimed] = await rows<Claimed>(
      db(),
      sql`update district_data_integration_runs r set status = 'running', started_at = now(), finished_at = null, message = null,
          oneroster_kind = case when r.oneroster_kind = 'full' or ${fullPullDue} then 'full' else 'delta' end
        from district_data_integrations i join districts d on d.tenant_id = i.tenant_id and d.id = i.district_id
        where r.tenant_id = ${tenantId} and r.id = ${runId} and r.source = 'oneroster' and i.tenant_id = r.tenant_id and i.id = r.integration_id
          and (r.status in ('queued', 'running') or (r.status = 'failed' and ${context.attempt > 1}))
        returning r.id as run_id, r.requested_by, i.id as integration_id, i.district_id, d.region_id, i.oneroster_info,
          i.oneroster_secret_encrypted, r.oneroster_kind as kind, ${lastPullStart(false)} as pulled_at`,
    );
    if (claimed) return claimed;
    const [existing] = await rows<{ id: number }>(db(), sql`select id from district_data_integration_runs where tenant_id = ${tenantId} and id = ${runId}`);
    if (!existing) throw new PermanentJobError("pull run not found");
    return null;
  });
}

/**
 * Who the pull's load belongs to, of those who may load OneRoster bundles. Applied at once: the first
 * integration user (they are told of runs), else the admin who asked (Pull now), else the admin who
 * last saved the provider (the hourly pull has no requester). Held for review: the admin who asked,
 * else who saved the provider, else an integration user, since only a load's owner (or a tenant
 * admin) reads and applies it.
 */
async function pullActor(tenantId: number, claimed: Claimed, review: boolean): Promise<Actor | null> {
  const savedBy = typeof claimed.oneroster_info.savedBy === "number" ? claimed.oneroster_info.savedBy : null;
  const people = await rows<PersonRow>(
    db(),
    sql`select ${personColumns(tenantId)}
      from users u join tenants t on t.id = u.tenant_id
      left join district_data_integration_users iu on iu.tenant_id = u.tenant_id and iu.integration_id = ${claimed.integration_id} and iu.user_id = u.id
      where u.tenant_id = ${tenantId} and (iu.id is not null or u.id = ${claimed.requested_by} or u.id = ${savedBy}) and u.enabled and not u.locked and not u.expired
      order by ${
        review
          ? sql`case when u.id = ${claimed.requested_by} then 0 when u.id = ${savedBy} then 1 else 2 end`
          : sql`case when iu.id is not null then 0 when u.id = ${claimed.requested_by} then 1 else 2 end`
      }, u.id`,
  );
  const user = people.find((p) => can({ roles: p.roles }, "oneroster.manage"));
  return user ? internalActor(tenantId, user, null) : null;
}

/**
 * Store the pulled records as a bundle and a OneRoster load (its file, as an upload's) waiting to be
 * applied, or checked first (review). A pull of the provider still waiting for review is replaced:
 * its load is withdrawn (never applied after this newer one) and its run skipped.
 */
async function createLoad(actor: Actor, claimed: Claimed, bundle: Uint8Array, name: string, review: boolean): Promise<number> {
  const t = actor.tenantId;
  const key = `${tenantPrefix(t)}oneroster/${randomUUID()}/${name}`;
  const store = storage();
  await store.putObject(key, Buffer.from(bundle), "application/zip");
  return withTenant(t, async () => {
    const [file] = await rows<{ id: number }>(
      db(),
      sql`insert into files (tenant_id, owner_id, purpose, bucket, storage_key, original_file_name, content_type, declared_size, size, status, completed_at)
        values (${t}, ${actor.userId}, 'oneroster', ${store.bucket}, ${key}, ${name}, 'application/zip', ${bundle.length}, ${bundle.length}, 'complete', now())
        returning id`,
    );
    const o = claimed.oneroster_info;
    const options = {
      stateIdSource: o.stateIdSource === "userIds" || o.stateIdSource === "metadata" ? o.stateIdSource : "identifier",
      stateIdField: typeof o.stateIdField === "string" ? o.stateIdField : null,
      regionId: actor.tenantWide ? claimed.region_id : null,
      dataCollectionId: null,
    };
    const [load] = await rows<{ id: number }>(
      db(),
      sql`insert into oneroster_loads (tenant_id, user_id, file_id, file_name, original_file_name, options, scope, status, phase)
        values (${t}, ${actor.userId}, ${file.id}, ${key}, ${name}, ${JSON.stringify(options)}::jsonb, '{"impersonatorId":null}'::jsonb,
          ${review ? "queued" : "applying"}, ${review ? null : "queued"})
        returning id`,
    );
    await db().execute(
      sql`with withdrawn as (
          update oneroster_loads l set status = 'failed', phase = null, message = ${REPLACED}, updated_at = now()
          from district_data_integration_runs p
          where p.tenant_id = ${t} and p.integration_id = ${claimed.integration_id} and p.source = 'oneroster' and p.id <> ${claimed.run_id}
            and l.tenant_id = p.tenant_id and l.id = p.oneroster_load_id and l.status = 'checked'
          returning p.id)
        update district_data_integration_runs r set status = 'skipped', message = r.message || '. Not applied: a later pull replaced it'
        from withdrawn w where r.tenant_id = ${t} and r.id = w.id`,
    );
    await db().execute(sql`update district_data_integration_runs set oneroster_load_id = ${load.id} where tenant_id = ${t} and id = ${claimed.run_id}`);
    return load.id;
  });
}

interface Outcome {
  status: "succeeded" | "failed";
  pulled: number;
  message: string;
  /** Held for review: its load's owner, told by the load itself (its dry run is ready). */
  reviewer?: number;
}

async function finish(payload: Payload, claimed: Claimed, outcome: Outcome) {
  await withTenant(payload.tenantId, async () => {
    const t = payload.tenantId;
    const [before] = await rows<{ last_run_status: string | null }>(
      db(),
      sql`select r.status as last_run_status from district_data_integration_runs r where r.tenant_id = ${t} and r.integration_id = ${claimed.integration_id}
        and r.source = 'oneroster' and r.id <> ${payload.runId} and r.status in ('succeeded', 'failed') order by r.id desc limit 1`,
    );
    await db().execute(
      sql`update district_data_integration_runs set status = ${outcome.status}, finished_at = now(), files_found = ${outcome.pulled},
        files_loaded = ${outcome.status === "succeeded" ? 1 : 0}, message = ${outcome.message} where tenant_id = ${t} and id = ${payload.runId}`,
    );
    // As the FTP feed: a failure is told once (not again while it keeps failing); a pull that changed something is told.
    const notice =
      outcome.status === "failed"
        ? before?.last_run_status === "failed"
          ? null
          : `The OneRoster pull failed: ${outcome.message}`
        : outcome.reviewer !== undefined
          ? `The OneRoster pull waits for review: ${outcome.message}`
          : outcome.pulled
            ? `The OneRoster pull ran: ${outcome.message}`
            : null;
    if (notice) await notifyFeedRun(t, claimed.integration_id, payload.runId, notice, outcome.reviewer);
  });
}

function settingsOf(claimed: Claimed) {
  const o = claimed.oneroster_info ?? {};
  if (o.active === false) throw new PullFailure(INACTIVE, true);
  let clientSecret: string;
  try {
    clientSecret = decryptSecret(claimed.oneroster_secret_encrypted ?? "");
  } catch {
    throw new PullFailure(SECRET_UNREADABLE, true);
  }
  return { tokenUrl: String(o.tokenUrl ?? ""), clientId: String(o.clientId ?? ""), clientSecret, baseUrl: String(o.baseUrl ?? "") };
}

type Counts = Record<string, { created: number; updated: number; ended: number }>;
const total = (c: Counts | null, k: "created" | "updated" | "ended") => Object.values(c ?? {}).reduce((n, v) => n + (v?.[k] ?? 0), 0);

export async function runPull(payload: Payload, context: JobContext): Promise<JobOutput> {
  const claimed = await claim(payload, context);
  if (!claimed) return { skipped: true };
  const full = claimed.kind === "full";
  const since = full || claimed.pulled_at === null ? null : new Date(claimed.pulled_at);
  const what = since ? `changed since ${since.toISOString()}` : "full roster";
  const review = claimed.oneroster_info.reviewPulls === true;
  let pulled = 0;
  try {
    const actor = await withTenant(payload.tenantId, () => pullActor(payload.tenantId, claimed, review));
    if (!actor) throw new PullFailure(NO_LOADER, true);
    const records = await pullRecords(settingsOf(claimed), since);
    pulled = REST_COLLECTIONS.reduce((n, c) => n + records[c].length, 0);
    if (!since && (!records.orgs.length || !records.users.length)) throw new PullFailure(EMPTY_FULL, true);
    if (!pulled) {
      await finish(payload, claimed, { status: "succeeded", pulled, message: `0 records pulled (${what}): nothing to apply` });
      return { pulled };
    }
    const mode = since ? "delta" : "bulk";
    const name = `oneroster-pull-${claimed.run_id}-${mode}.zip`;
    const loadId = await createLoad(actor, claimed, restBundle(records, mode, "OneRoster REST pull"), name, review);
    try {
      await runOneRosterLoad({ tenantId: payload.tenantId, loadId, mode: review ? "check" : "apply" }, context);
    } catch (error) {
      // The load says why (its message); nothing of it was written.
      const [load] = await withTenant(payload.tenantId, () =>
        rows<{ message: string | null }>(db(), sql`select message from oneroster_loads where tenant_id = ${payload.tenantId} and id = ${loadId}`),
      );
      throw new PullFailure(load?.message ?? (error instanceof Error ? error.message : "The pulled records could not be applied"), true);
    }
    const [load] = await withTenant(payload.tenantId, () =>
      rows<{ counts: Counts | null; refused_count: number }>(
        db(),
        sql`select ${review ? sql`planned` : sql`applied`} as counts, refused_count from oneroster_loads where tenant_id = ${payload.tenantId} and id = ${loadId}`,
      ),
    );
    const received = `${pulled} record${pulled === 1 ? "" : "s"} pulled (${what})`;
    const [created, updated, ended] = (["created", "updated", "ended"] as const).map((k) => total(load.counts, k));
    const message = review
      ? `${received}, dry run: ${created} to create, ${updated} to update, ${ended} to end, ${load.refused_count} refused`
      : `${received}: ${created} created, ${updated} updated, ${ended} ended, ${load.refused_count} refused`;
    await finish(payload, claimed, { status: "succeeded", pulled, message, reviewer: review ? actor.userId : undefined });
    return { pulled, loadId };
  } catch (error) {
    const failure = error instanceof PullFailure ? error : null;
    await finish(payload, claimed, { status: "failed", pulled, message: failure?.message ?? "The OneRoster pull failed unexpectedly" });
    if (failure?.permanent) throw new PermanentJobError(failure.message);
    if (failure) throw new RetryableJobError(failure.message);
    throw error;
  }
}
