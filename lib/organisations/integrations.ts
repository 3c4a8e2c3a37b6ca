import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { fieldError, notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { userInReach } from "@/lib/users/list";
import { recentRuns } from "./ftp-runs";
import { encryptSecret } from "./integration-secret";
import { portOf, protocolOf, type IntegrationRow, type SaveIntegrationInput } from "./integration-schemas";
import { ADMINISTRATIVE, districtInReach } from "./reach";

/*
 * District data integrations (spec §3, §7 'Organisations'): one per district, its FTP settings and
 * the people told about its runs. Read and changed by those who administer the district (a tenant
 * admin, its region's or its own admins); anyone else, and another tenant's ids, get 404. The FTP
 * password is sealed (integration-secret.ts) and never answered; every change writes an audit row
 * about the district in its transaction, naming changed fields, never the password.
 */

/** The spec's success text (§8). */
const INTEGRATION_SAVED = "Integration Saved";

interface Row {
  id: number;
  district_id: number;
  district_name: string;
  active: boolean;
  ftp_info: Record<string, unknown>;
  password_set: boolean;
  last_run_at: number | string | null;
  last_run_status: "succeeded" | "failed" | null;
  last_run_message: string | null;
}

interface UserRow {
  integration_id: number;
  id: number;
  first_name: string;
  last_name: string;
  email: string | null;
}

const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);

function ftpOf(r: Row): IntegrationRow["ftp"] {
  const f = r.ftp_info ?? {};
  if (typeof f.host !== "string") return null;
  const protocol = protocolOf(f.protocol);
  return {
    protocol,
    host: f.host,
    port: portOf(protocol, f.port),
    directory: str(f.directory, "/"),
    username: str(f.username),
    passwordSet: r.password_set,
    hostKey: typeof f.hostKey === "string" ? f.hostKey : null,
  };
}

/** The integrations of the districts the actor administers, with their users (call inside forTenant). */
async function selectIntegrations(actor: Actor, where: SQL): Promise<(IntegrationRow & { raw: Row })[]> {
  const t = actor.tenantId;
  const found = await rows<Row>(
    db(),
    sql`select i.id, i.district_id, d.name as district_name, i.active, i.ftp_info, i.ftp_password_encrypted is not null as password_set,
        extract(epoch from i.last_run_at)::bigint as last_run_at, i.last_run_status, i.last_run_message
      from district_data_integrations i join districts d on d.tenant_id = ${t} and d.id = i.district_id
      where i.tenant_id = ${t} and ${districtInReach(actor, sql.raw("i.district_id"), ADMINISTRATIVE)} and ${where}
      order by d.name, i.id`,
  );
  const ids = found.map((r) => r.id);
  const users = ids.length
    ? await rows<UserRow>(
        db(),
        sql`select iu.integration_id, u.id, u.first_name, u.last_name, u.email from district_data_integration_users iu
          join users u on u.tenant_id = ${t} and u.id = iu.user_id
          where iu.tenant_id = ${t} and iu.integration_id = any(${`{${ids.join(",")}}`}::int[]) order by u.last_name, u.first_name, u.id`,
      )
    : [];
  return found.map((r) => ({
    id: r.id,
    tenantsDistrictsId: r.district_id,
    districtName: r.district_name,
    active: r.active,
    ftp: ftpOf(r),
    users: users.filter((u) => u.integration_id === r.id).map((u) => ({ id: u.id, firstName: u.first_name, lastName: u.last_name, email: u.email })),
    raw: r,
  }));
}

const strip = ({ raw: _raw, ...row }: IntegrationRow & { raw: Row }): IntegrationRow => row;

/** A district the actor administers (else 404), locked for the change. */
export async function administeredDistrict(actor: Actor, districtId: number, lock = false): Promise<{ id: number; region_id: number }> {
  const [district] = await rows<{ id: number; region_id: number }>(
    db(),
    sql`select d.id, d.region_id from districts d where d.tenant_id = ${actor.tenantId} and d.id = ${districtId}
      and ${districtInReach(actor, sql.raw("d.id"), ADMINISTRATIVE)} ${lock ? sql`for update` : sql``}`,
  );
  if (!district) throw notFound("District not found");
  return district;
}

/** GET /data-integrations (tenantsDistrictsId, active): the integrations of the districts the actor administers. */
export async function listIntegrations(actor: Actor, query: { tenantsDistrictsId?: number; active?: boolean }) {
  authorize(actor, "organisations.manage");
  return forTenant(actor, async () => {
    const where = sql.join(
      [
        sql`true`,
        ...(query.tenantsDistrictsId !== undefined ? [sql`i.district_id = ${query.tenantsDistrictsId}`] : []),
        ...(query.active !== undefined ? [sql`i.active = ${query.active}`] : []),
      ],
      sql` and `,
    );
    return (await selectIntegrations(actor, where)).map(strip);
  });
}

/**
 * POST /data-integrations: create or replace the district's integration. The password is required
 * the first time and kept when left out later; userIds (the whole list) must be enabled people
 * within the actor's reach.
 */
export async function saveIntegration(actor: Actor, input: SaveIntegrationInput, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const district = await administeredDistrict(actor, input.tenantsDistrictsId, true);
    const [current] = await selectIntegrations(actor, sql`i.district_id = ${district.id}`);
    if (!current?.raw.password_set && !input.ftp.password) throw fieldError("ftp.password", "Password is required");

    const { password, ...ftp } = input.ftp;
    const sealed = password ? encryptSecret(password) : undefined;
    const [saved] = await rows<{ id: number }>(
      db(),
      sql`insert into district_data_integrations (tenant_id, district_id, active, ftp_info, ftp_password_encrypted)
        values (${t}, ${district.id}, ${input.active}, ${JSON.stringify(ftp)}::jsonb, ${sealed ?? null})
        on conflict (tenant_id, district_id) do update set active = excluded.active, ftp_info = excluded.ftp_info,
          ftp_password_encrypted = coalesce(excluded.ftp_password_encrypted, district_data_integrations.ftp_password_encrypted), updated_at = now()
        returning id`,
    );

    let usersAdded: number[] = [];
    let usersRemoved: number[] = [];
    if (input.userIds) {
      const wanted = [...new Set(input.userIds)];
      const reachable = wanted.length
        ? await rows<{ id: number }>(
            db(),
            sql`select u.id from users u where u.tenant_id = ${t} and u.enabled and u.id = any(${`{${wanted.join(",")}}`}::int[]) and ${userInReach(actor)}`,
          )
        : [];
      const missing = wanted.filter((id) => !reachable.some((r) => r.id === id));
      if (missing.length) throw fieldError("userIds", `Choose active people within your administration (not found: ${missing.join(", ")})`);
      const had = current?.users.map((u) => u.id) ?? [];
      usersAdded = wanted.filter((id) => !had.includes(id));
      usersRemoved = had.filter((id) => !wanted.includes(id));
      if (usersRemoved.length) {
        await db().execute(sql`delete from district_data_integration_users where tenant_id = ${t} and integration_id = ${saved.id}
          and user_id = any(${`{${usersRemoved.join(",")}}`}::int[])`);
      }
      for (const userId of usersAdded) {
        await db().execute(sql`insert into district_data_integration_users (tenant_id, integration_id, user_id) values (${t}, ${saved.id}, ${userId})`);
      }
    }

    // Field names and non-secret values only: the password shows as a changed field name.
    const before: Record<string, unknown> = current ? { active: current.active, ...current.ftp } : {};
    const after: Record<string, unknown> = { active: input.active, ...ftp };
    const fields = Object.keys(after).filter((k) => before[k] !== after[k]);
    await writeAudit(
      actor,
      [
        {
          action: current ? "integration_update" : "integration_create",
          entityType: "district",
          entityId: district.id,
          details: {
            integrationId: saved.id,
            fields: [...fields, ...(password ? ["password"] : [])],
            before: Object.fromEntries(fields.map((k) => [k, before[k] ?? null])),
            after: Object.fromEntries(fields.map((k) => [k, after[k]])),
            usersAdded,
            usersRemoved,
          },
        },
      ],
      origin,
    );
    const [row] = await selectIntegrations(actor, sql`i.id = ${saved.id}`);
    return { message: INTEGRATION_SAVED, dataIntegration: strip(row) };
  });
}

/** DELETE /data-integrations?districtId: removes the district's integration and its users list. */
export async function deleteIntegration(actor: Actor, districtId: number, origin: AuditOrigin = {}) {
  authorize(actor, "organisations.manage");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const district = await administeredDistrict(actor, districtId, true);
    const [removed] = await rows<{ id: number }>(
      db(),
      sql`delete from district_data_integrations where tenant_id = ${t} and district_id = ${district.id} returning id`,
    );
    if (!removed) throw notFound("This district has no integration");
    await writeAudit(actor, [{ action: "integration_delete", entityType: "district", entityId: district.id, details: { integrationId: removed.id } }], origin);
    return { deleted: true as const };
  });
}

/** GET /data-integrations/users?districtId: the people told about the district's feed. */
export async function listIntegrationUsers(actor: Actor, districtId: number) {
  authorize(actor, "organisations.manage");
  return forTenant(actor, async () => {
    await administeredDistrict(actor, districtId);
    const [row] = await selectIntegrations(actor, sql`i.district_id = ${districtId}`);
    return row?.users ?? [];
  });
}

/**
 * GET /admin/tenants/{t}/regions/{r}/districts/{d}/integration/ftp.json: the district's feed status
 * (its FTP settings without the password, its last run and latest runs). A district outside the region, the
 * actor's administration or tenant is a 404.
 */
export async function ftpStatus(actor: Actor, params: { tenantId: number; regionId: number; districtId: number }) {
  authorize(actor, "organisations.manage");
  if (params.tenantId !== actor.tenantId) throw notFound("District not found");
  return forTenant(actor, async () => {
    const district = await administeredDistrict(actor, params.districtId);
    if (district.region_id !== params.regionId) throw notFound("District not found");
    const [row] = await selectIntegrations(actor, sql`i.district_id = ${district.id}`);
    const runs = row ? await recentRuns(actor.tenantId, row.id) : [];
    // Read after the runs: a run's end and the integration's last run are one transaction, and each
    // statement sees what committed before it, so the last run shown never trails a finished run.
    const [last] = row
      ? await rows<Pick<Row, "last_run_at" | "last_run_status" | "last_run_message">>(
          db(),
          sql`select extract(epoch from last_run_at)::bigint as last_run_at, last_run_status, last_run_message
            from district_data_integrations where tenant_id = ${actor.tenantId} and id = ${row.id}`,
        )
      : [];
    return {
      configured: Boolean(row?.ftp),
      active: row?.active ?? false,
      ftp: row?.ftp ?? null,
      lastRunAt: last?.last_run_at == null ? null : Number(last.last_run_at),
      lastRunStatus: last?.last_run_status ?? null,
      lastRunMessage: last?.last_run_message ?? null,
      runs,
    };
  });
}
