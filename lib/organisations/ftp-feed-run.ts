import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, rows, withTenant } from "@/db/client";
import { can } from "@/lib/auth/permissions";
import { MAX_FILE_BYTES, fileKindOf } from "@/lib/bulk-load/parse";
import { requestBulkLoad } from "@/lib/bulk-load/service";
import { internalActor, personColumns, type PersonRow } from "@/lib/bulk-load/uploader";
import { MAX_BUNDLE_BYTES } from "@/lib/oneroster/bundle";
import { feedOneRosterLoad } from "@/lib/oneroster/service";
import type { Actor } from "@/lib/platform/actor";
import { PermanentJobError, RetryableJobError, type JobContext, type JobOutput } from "@/lib/platform/queue";
import { safeFileName, storage, tenantPrefix } from "@/lib/platform/storage";
import { FeedFailure, withFtp, type FtpSettings, type RemoteFile } from "./ftp-client";
import { feedNotice, notifyFeedRun, type RunOutcome } from "./feed-notices";
import { decryptSecret } from "./integration-secret";
import { portOf, protocolOf } from "./integration-schemas";

/*
 * One run of a district's FTP feed (job integration.ftp-fetch). Steps, each database step its own
 * withTenant of the run's tenant (the FTP and storage calls stay outside transactions):
 *
 * 1. claim the run (running) and read the integration; 2. choose the actor: the first integration user
 *    who may load files, else (Fetch now) the admin who asked; their reach bounds the load and the
 *    audit rows name them; 3. connect, sign in,
 *    enter the folder, list it; 4. for every CSV/XLSX not seen before (name + size + modified time):
 *    download it, store it under the tenant's prefix as a completed bulk-load upload, remember it and
 *    hand it to the bulk load (type students) as that actor, so it gets per-row checks and a results
 *    file; 5. record the outcome on the run and on the integration (ftp.json's last run), and tell the
 *    integration users (feed-notices.ts). A file too large to load is remembered, reported once.
 *    A `.zip` is a OneRoster 1.2 CSV bundle: stored as a completed oneroster upload and checked (its
 *    dry run) as that actor; they read it and apply it on the OneRoster page (lib/oneroster).
 *
 * A failure is stored on the run with our own message (never credentials or the server's text).
 * Refused logins, a missing folder, an SFTP host key not trusted and settings that cannot be used are permanent; a network
 * failure is retried (retryLimit 2), the run showing the last attempt's outcome.
 */

export const NO_LOADER = "Choose an integration user who may load files";
const PASSWORD_UNREADABLE = "The stored FTP password cannot be read: enter it again";
const INACTIVE = "The integration is not active";
const TOO_LARGE = "larger than the bulk load allows";

type Payload = { tenantId: number; runId: number };

interface Claimed {
  run_id: number;
  requested_by: number | null;
  integration_id: number;
  active: boolean;
  ftp_info: Record<string, unknown>;
  ftp_password_encrypted: string | null;
}

async function claim({ tenantId, runId }: Payload, context: JobContext): Promise<Claimed | null> {
  return withTenant(tenantId, async () => {
    // A retry takes back its own failed run; a finished run is left as it is (a redelivery).
    const [claimed] = await rows<Claimed>(
      db(),
      sql`update district_data_integration_runs r set status = 'running', started_at = now(), finished_at = null, message = null
        from district_data_integrations i
        where r.tenant_id = ${tenantId} and r.id = ${runId} and i.tenant_id = r.tenant_id and i.id = r.integration_id
          and (r.status in ('queued', 'running') or (r.status = 'failed' and ${context.attempt > 1}))
        returning r.id as run_id, r.requested_by, i.id as integration_id, i.active, i.ftp_info, i.ftp_password_encrypted`,
    );
    if (claimed) return claimed;
    const [existing] = await rows<{ id: number }>(db(), sql`select id from district_data_integration_runs where tenant_id = ${tenantId} and id = ${runId}`);
    if (!existing) throw new PermanentJobError("feed run not found");
    return null;
  });
}

/** The first enabled integration user who may load files, else the one who asked for the run, as an actor (like the bulk load's uploader). */
async function feedActor(tenantId: number, claimed: Claimed): Promise<Actor | null> {
  const people = await rows<PersonRow>(
    db(),
    sql`select ${personColumns(tenantId)}
      from users u join tenants t on t.id = u.tenant_id
      left join district_data_integration_users iu on iu.tenant_id = u.tenant_id and iu.integration_id = ${claimed.integration_id} and iu.user_id = u.id
      where u.tenant_id = ${tenantId} and (iu.id is not null or u.id = ${claimed.requested_by}) and u.enabled and not u.locked and not u.expired
      order by iu.id is null, u.id`,
  );
  const user = people.find((p) => can({ roles: p.roles }, "bulkLoads.manage"));
  return user ? internalActor(tenantId, user, null) : null;
}

function settingsOf(claimed: Claimed): FtpSettings {
  const f = claimed.ftp_info ?? {};
  if (!claimed.active) throw new FeedFailure(INACTIVE, true);
  let password: string;
  try {
    password = decryptSecret(claimed.ftp_password_encrypted ?? "");
  } catch {
    throw new FeedFailure(PASSWORD_UNREADABLE, true);
  }
  const protocol = protocolOf(f.protocol);
  return {
    protocol,
    host: String(f.host ?? ""),
    port: portOf(protocol, f.port),
    directory: typeof f.directory === "string" && f.directory ? f.directory : "/",
    username: String(f.username ?? ""),
    password,
    hostKey: typeof f.hostKey === "string" ? f.hostKey : undefined,
  };
}

const CONTENT_TYPES = { csv: "text/csv", xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", zip: "application/zip" } as const;

/** A OneRoster bundle (the feed checks it as a OneRoster load) rather than a bulk-load file. */
const isBundle = (name: string) => /\.zip$/i.test(name);

/** Store one downloaded file, remember it, and request its bulk load; false when another run took it first. */
async function loadFile(actor: Actor, claimed: Claimed, file: RemoteFile, body: Buffer): Promise<boolean> {
  const t = actor.tenantId;
  const kind = isBundle(file.name) ? "zip" : fileKindOf(file.name)!;
  const key = `${tenantPrefix(t)}${kind === "zip" ? "oneroster" : "bulk-load"}/${randomUUID()}/${safeFileName(file.name)}`;
  const store = storage();
  await store.putObject(key, body, CONTENT_TYPES[kind]);
  return withTenant(t, async () => {
    const [seen] = await rows<{ id: number }>(
      db(),
      sql`insert into district_data_integration_files (tenant_id, integration_id, run_id, name, size, modified_at)
        values (${t}, ${claimed.integration_id}, ${claimed.run_id}, ${file.name}, ${file.size}, ${file.modifiedAt})
        on conflict (tenant_id, integration_id, name, size, modified_at) do nothing returning id`,
    );
    if (!seen) return false;
    const [stored] = await rows<{ id: number }>(
      db(),
      sql`insert into files (tenant_id, owner_id, purpose, bucket, storage_key, original_file_name, content_type, declared_size, size, status, completed_at)
        values (${t}, ${actor.userId}, ${kind === "zip" ? "oneroster" : "bulk-load"}, ${store.bucket}, ${key}, ${file.name}, ${CONTENT_TYPES[kind]}, ${body.length}, ${body.length}, 'complete', now())
        returning id`,
    );
    if (kind === "zip") {
      await feedOneRosterLoad(actor, stored.id);
      return true;
    }
    const { bulkLoad } = await requestBulkLoad(actor, { fileId: stored.id, type: "students" }, {});
    await db().execute(sql`update district_data_integration_files set bulk_load_id = ${bulkLoad.id} where tenant_id = ${t} and id = ${seen.id}`);
    return true;
  });
}

async function finish(payload: Payload, integrationId: number, outcome: RunOutcome & { found: number }) {
  await withTenant(payload.tenantId, async () => {
    const [before] = await rows<{ last_run_status: string | null }>(
      db(),
      sql`select last_run_status from district_data_integrations where tenant_id = ${payload.tenantId} and id = ${integrationId}`,
    );
    await db().execute(
      sql`update district_data_integration_runs set status = ${outcome.status}, finished_at = now(), files_found = ${outcome.found},
        files_loaded = ${outcome.loaded}, message = ${outcome.message} where tenant_id = ${payload.tenantId} and id = ${payload.runId}`,
    );
    await db().execute(
      sql`update district_data_integrations set last_run_at = now(), last_run_status = ${outcome.status}, last_run_message = ${outcome.message}
        where tenant_id = ${payload.tenantId} and id = ${integrationId}`,
    );
    const notice = feedNotice(outcome, before?.last_run_status ?? null);
    if (notice) await notifyFeedRun(payload.tenantId, integrationId, payload.runId, notice);
  });
}

/** A file too large to load is remembered (with no bulk load), so the next run does not report it again. */
async function rememberSkipped(tenantId: number, claimed: Claimed, file: RemoteFile) {
  await withTenant(tenantId, () =>
    db().execute(
      sql`insert into district_data_integration_files (tenant_id, integration_id, run_id, name, size, modified_at)
        values (${tenantId}, ${claimed.integration_id}, ${claimed.run_id}, ${file.name}, ${file.size}, ${file.modifiedAt})
        on conflict (tenant_id, integration_id, name, size, modified_at) do nothing`,
    ),
  );
}

export async function runFeed(payload: Payload, context: JobContext): Promise<JobOutput> {
  const claimed = await claim(payload, context);
  if (!claimed) return { skipped: true };
  let found = 0;
  let loaded = 0;
  const skipped: string[] = [];
  try {
    const actor = await withTenant(payload.tenantId, () => feedActor(payload.tenantId, claimed));
    if (!actor) throw new FeedFailure(NO_LOADER, true);
    await withFtp(settingsOf(claimed), async (ftp) => {
      const listed = (await ftp.list()).filter((f) => fileKindOf(f.name) || isBundle(f.name));
      found = listed.length;
      const seen = await withTenant(payload.tenantId, () =>
        rows<{ name: string; size: number | string; modified_at: string }>(
          db(),
          sql`select name, size, modified_at from district_data_integration_files where tenant_id = ${payload.tenantId} and integration_id = ${claimed.integration_id}`,
        ),
      );
      const known = new Set(seen.map((s) => `${s.name}\0${Number(s.size)}\0${s.modified_at}`));
      for (const file of listed.filter((f) => !known.has(`${f.name}\0${f.size}\0${f.modifiedAt}`))) {
        if (file.size > (isBundle(file.name) ? MAX_BUNDLE_BYTES : MAX_FILE_BYTES)) {
          skipped.push(file.name);
          await rememberSkipped(payload.tenantId, claimed, file);
          continue;
        }
        if (await loadFile(actor, claimed, file, await ftp.download(file.name))) loaded++;
      }
    });
  } catch (error) {
    const failure = error instanceof FeedFailure ? error : null;
    // Anything but our own failure is unexpected: its text may quote settings, so the run says only that it failed.
    await finish(payload, claimed.integration_id, { status: "failed", found, loaded, skipped, message: failure?.message ?? "The feed failed unexpectedly" });
    if (failure?.permanent) throw new PermanentJobError(failure.message);
    if (failure) throw new RetryableJobError(failure.message);
    throw error;
  }
  const message = skipped.length ? `Not loaded, ${TOO_LARGE}: ${skipped.join(", ")}` : null;
  await finish(payload, claimed.integration_id, { status: "succeeded", found, loaded, skipped, message });
  return { found, loaded };
}
