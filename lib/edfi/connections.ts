import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { fieldError, notFound } from "@/lib/platform/errors";
import { sendJob } from "@/lib/platform/queue";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, districtInReach } from "@/lib/organisations/reach";
import { encryptSecret } from "@/lib/organisations/integration-secret";
import { edfiSendJob } from "./job-kind";
import type { ConnectionBody, ConnectionView, RunView } from "./schemas";

/**
 * Ed-Fi ODS/API connections and their runs (docs/integrations.md 'Sending to an Ed-Fi ODS/API').
 * A connection belongs to the state (no district: tenant admins only) or to a district (its
 * administrators: a district outside their administrative reach, or another tenant's, is 404). A run
 * sends one collection's results in the connection's scope (the state, or that district), as the
 * download would for a tenant admin, through the `edfi.send` job (lib/edfi/send.ts).
 */

export const CONNECTION_SAVED = "Ed-Fi connection saved";
export const SEND_REQUESTED = "Sending to Ed-Fi has been requested";
const CONNECTION_NOT_FOUND = "Ed-Fi connection not found";
const DISTRICT_NOT_FOUND = "District not found";
const COLLECTION_NOT_FOUND = "Data collection not found";

/** The district named (in the actor's administrative reach) or the state (tenant-wide actors only); null for the state. */
async function scopeOf(actor: Actor, districtId: number | undefined): Promise<number | null> {
  if (districtId === undefined) {
    if (!actor.tenantWide) throw fieldError("districtId", "Is required");
    return null;
  }
  const [district] = await rows<{ id: number }>(
    db(),
    sql`select d.id from districts d where d.tenant_id = ${actor.tenantId} and d.id = ${districtId} and ${districtInReach(actor, sql.raw("d.id"), ADMINISTRATIVE)}`,
  );
  if (!district) throw notFound(DISTRICT_NOT_FOUND);
  return district.id;
}

const seconds = (value: Date | string | null) => (value === null ? null : Math.floor(new Date(value).getTime() / 1000));

interface ConnectionRow {
  id: number;
  district_id: number | null;
  base_url: string;
  token_url: string;
  client_id: string;
  active: boolean;
  updated_at: Date | string;
}

const toConnection = (r: ConnectionRow): ConnectionView => ({
  id: r.id,
  districtId: r.district_id,
  baseUrl: r.base_url,
  tokenUrl: r.token_url,
  clientId: r.client_id,
  hasSecret: true,
  active: r.active,
  updatedAt: seconds(r.updated_at)!,
});

async function connectionRow(tenantId: number, districtId: number | null): Promise<ConnectionRow | undefined> {
  const [found] = await rows<ConnectionRow>(
    db(),
    sql`select id, district_id, base_url, token_url, client_id, active, updated_at from edfi_connections
      where tenant_id = ${tenantId} and coalesce(district_id, 0) = ${districtId ?? 0}`,
  );
  return found;
}

/** GET /edfi/connection?districtId. */
export async function getConnection(actor: Actor, districtId: number | undefined): Promise<{ connection: ConnectionView | null }> {
  authorize(actor, "results.edfiSend");
  return forTenant(actor, async () => {
    const found = await connectionRow(actor.tenantId, await scopeOf(actor, districtId));
    return { connection: found ? toConnection(found) : null };
  });
}

/** PUT /edfi/connection: create (the secret required) or change (the secret kept when left out); audited, the secret never logged. */
export async function saveConnection(actor: Actor, body: ConnectionBody, origin: AuditOrigin) {
  authorize(actor, "results.edfiSend");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const districtId = await scopeOf(actor, body.districtId ?? undefined);
    const existing = await connectionRow(t, districtId);
    if (!existing && !body.clientSecret) throw fieldError("clientSecret", "Is required");
    const unchanged =
      existing &&
      !body.clientSecret &&
      existing.base_url === body.baseUrl &&
      existing.token_url === body.tokenUrl &&
      existing.client_id === body.clientId &&
      existing.active === body.active;
    // The same settings sent back write nothing.
    if (unchanged) return { message: CONNECTION_SAVED, connection: toConnection(existing) };
    const secret = body.clientSecret ? encryptSecret(body.clientSecret) : null;
    const [saved] = existing
      ? await rows<ConnectionRow>(
          db(),
          sql`update edfi_connections set base_url = ${body.baseUrl}, token_url = ${body.tokenUrl}, client_id = ${body.clientId},
              client_secret_encrypted = coalesce(${secret}, client_secret_encrypted), active = ${body.active}, updated_at = now()
            where tenant_id = ${t} and id = ${existing.id}
            returning id, district_id, base_url, token_url, client_id, active, updated_at`,
        )
      : await rows<ConnectionRow>(
          db(),
          sql`insert into edfi_connections (tenant_id, district_id, base_url, token_url, client_id, client_secret_encrypted, active)
            values (${t}, ${districtId}, ${body.baseUrl}, ${body.tokenUrl}, ${body.clientId}, ${secret}, ${body.active})
            returning id, district_id, base_url, token_url, client_id, active, updated_at`,
        );
    await writeAudit(
      actor,
      [
        {
          action: existing ? "update" : "create",
          entityType: "edfi_connection",
          entityId: saved.id,
          details: { districtId, fields: ["baseUrl", "tokenUrl", "clientId", "active", ...(secret ? ["clientSecret"] : [])] },
        },
      ],
      origin,
    );
    return { message: CONNECTION_SAVED, connection: toConnection(saved) };
  });
}

interface RunRow {
  id: number;
  data_collection_id: number;
  district_id: number | null;
  status: RunView["status"];
  sent: number;
  refused: number;
  refusals: RunView["refusals"];
  attempts: number;
  message: string | null;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}

const RUN_COLUMNS = sql`r.id, r.data_collection_id, c.district_id, r.status, r.sent, r.refused, r.refusals, r.attempts, r.message, r.created_at, r.started_at, r.finished_at`;

const toRun = (r: RunRow): RunView => ({
  id: r.id,
  dataCollectionId: r.data_collection_id,
  districtId: r.district_id,
  status: r.status,
  sent: r.sent,
  refused: r.refused,
  refusals: r.refusals,
  attempts: r.attempts,
  message: r.message,
  createdAt: seconds(r.created_at)!,
  startedAt: seconds(r.started_at),
  finishedAt: seconds(r.finished_at),
});

async function requireCollection(tenantId: number, collectionId: number) {
  const [found] = await rows<{ id: number }>(
    db(),
    sql`select id from data_collections where tenant_id = ${tenantId} and id = ${collectionId} and deleted_at is null`,
  );
  if (!found) throw notFound(COLLECTION_NOT_FOUND);
}

/** POST /data-collections/{id}/edfi/send {districtId?}: queue a run through the scope's connection (sent after the commit). */
export async function requestSend(actor: Actor, collectionId: number, districtId: number | undefined, origin: AuditOrigin) {
  authorize(actor, "results.edfiSend");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireCollection(t, collectionId);
    const scope = await scopeOf(actor, districtId);
    const connection = await connectionRow(t, scope);
    if (!connection) throw notFound(CONNECTION_NOT_FOUND);
    if (!connection.active) throw fieldError("districtId", "The Ed-Fi connection is turned off");
    const [run] = await rows<{ id: number }>(
      db(),
      sql`insert into edfi_runs (tenant_id, connection_id, data_collection_id, requested_by) values (${t}, ${connection.id}, ${collectionId}, ${actor.userId})
        returning id`,
    );
    await writeAudit(
      actor,
      [{ action: "send", entityType: "edfi_run", entityId: run.id, details: { dataCollectionId: collectionId, districtId: scope } }],
      origin,
    );
    await sendJob(edfiSendJob, { tenantId: t, runId: run.id }, { idempotencyKey: `edfi-send:${t}:${run.id}` });
    const [created] = await rows<RunRow>(
      db(),
      sql`select ${RUN_COLUMNS} from edfi_runs r join edfi_connections c on c.tenant_id = r.tenant_id and c.id = r.connection_id
        where r.tenant_id = ${t} and r.id = ${run.id}`,
    );
    return { message: SEND_REQUESTED, run: toRun(created) };
  });
}

/** GET /data-collections/{id}/edfi/runs?districtId: the scope's runs of the collection, newest first (the run history). */
export async function listRuns(actor: Actor, collectionId: number, districtId: number | undefined): Promise<{ runs: RunView[] }> {
  authorize(actor, "results.edfiSend");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireCollection(t, collectionId);
    const scope = await scopeOf(actor, districtId);
    const found = await rows<RunRow>(
      db(),
      sql`select ${RUN_COLUMNS} from edfi_runs r join edfi_connections c on c.tenant_id = r.tenant_id and c.id = r.connection_id
        where r.tenant_id = ${t} and r.data_collection_id = ${collectionId} and coalesce(c.district_id, 0) = ${scope ?? 0}
        order by r.created_at desc, r.id desc limit 50`,
    );
    return { runs: found.map(toRun) };
  });
}
