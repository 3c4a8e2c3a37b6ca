import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { inDistrictScope, inLocationScope, inRegionScope } from "@/lib/organisations/scope";
import type { AuditEntryRow, AuditQuery } from "./schemas";

/**
 * The audit page's trail. Tenant admins read the tenant's whole trail. Other admins read only rows
 * about records within their administrative reach, judged now: a student with an enrollment at a
 * location they administer, a user linked to an organisation they administer, or such an organisation
 * itself. Rows about anything else (sessions, tenants, other schools' children) are never shown.
 */
const ADMIN = { administrative: true } as const;

function scopeCondition(actor: Actor): SQL {
  if (actor.tenantWide) return sql`true`;
  const t = actor.tenantId;
  const student = sql`exists (select 1 from student_enrollments se where se.tenant_id = ${t} and se.student_id = a.student_id
    and ${inLocationScope(actor, sql.raw("se.location_id"), ADMIN)})`;
  const user = sql`exists (select 1 from user_organizations uo where uo.tenant_id = ${t} and uo.user_id = a.entity_id and (
    (uo.org_type = 'location' and ${inLocationScope(actor, sql.raw("uo.parent_id"), ADMIN)})
    or (uo.org_type = 'district' and ${inDistrictScope(actor, sql.raw("uo.parent_id"), ADMIN)})
    or (uo.org_type = 'region' and ${inRegionScope(actor, sql.raw("uo.parent_id"), ADMIN)})))`;
  return sql`(case
    when a.student_id is not null then ${student}
    when a.entity_type = 'location' then ${inLocationScope(actor, sql.raw("a.entity_id"), ADMIN)}
    when a.entity_type = 'district' then ${inDistrictScope(actor, sql.raw("a.entity_id"), ADMIN)}
    when a.entity_type = 'region' then ${inRegionScope(actor, sql.raw("a.entity_id"), ADMIN)}
    when a.entity_type = 'user' then ${user}
    else false end)`;
}

function filters(actor: Actor, query: AuditQuery): SQL {
  const parts: SQL[] = [sql`a.tenant_id = ${actor.tenantId}`, scopeCondition(actor)];
  if (query.entityType === "student") parts.push(query.entityId ? sql`a.student_id = ${query.entityId}` : sql`a.student_id is not null`);
  else if (query.entityType) {
    parts.push(sql`a.entity_type = ${query.entityType}`);
    if (query.entityId) parts.push(sql`a.entity_id = ${query.entityId}`);
  }
  if (query.from) parts.push(sql`a.occurred_at >= ${query.from}::date`);
  if (query.to) parts.push(sql`a.occurred_at < ${query.to}::date + 1`);
  return sql.join(parts, sql` and `);
}

interface Row {
  id: number | string;
  occurred_at: number | string;
  action: string;
  entity_type: string;
  entity_id: number | null;
  student_id: number | null;
  user_id: number | null;
  user_name: string | null;
  impersonator_name: string | null;
  subject: string | null;
  details: Record<string, unknown>;
}

function toEntry(r: Row): AuditEntryRow {
  const { fields, before, after, ...rest } = r.details ?? {};
  const asRecord = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
  return {
    id: Number(r.id),
    occurredAt: Number(r.occurred_at),
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    subject: r.subject,
    studentId: r.student_id,
    userId: r.user_id,
    userName: r.user_name,
    impersonatorName: r.impersonator_name,
    fields: Array.isArray(fields) ? fields.map(String) : [],
    before: asRecord(before),
    after: asRecord(after),
    details: rest,
  };
}

/** GET /audit-log: one page of the trail within reach, newest first (no total: the trail is long). */
export async function listAudit(actor: Actor, query: AuditQuery) {
  authorize(actor, "audit.read");
  const t = actor.tenantId;
  const found = await forTenant(actor, () =>
    rows<Row>(
      db(),
      sql`select a.id, extract(epoch from a.occurred_at)::bigint as occurred_at, a.action, a.entity_type, a.entity_id, a.student_id, a.user_id,
          u.first_name || ' ' || u.last_name as user_name, iu.first_name || ' ' || iu.last_name as impersonator_name,
          case when a.student_id is not null then (select s.first_name || ' ' || s.last_name || ' (' || s.tenant_unique_id || ')' from students s where s.tenant_id = ${t} and s.id = a.student_id)
            when a.entity_type = 'user' then (select x.first_name || ' ' || x.last_name from users x where x.tenant_id = ${t} and x.id = a.entity_id)
            when a.entity_type = 'location' then (select x.name from locations x where x.tenant_id = ${t} and x.id = a.entity_id)
            when a.entity_type = 'district' then (select x.name from districts x where x.tenant_id = ${t} and x.id = a.entity_id)
            when a.entity_type = 'region' then (select x.name from regions x where x.tenant_id = ${t} and x.id = a.entity_id) end as subject,
          a.details
        from audit_log a
        left join users u on u.tenant_id = ${t} and u.id = a.user_id
        left join users iu on iu.tenant_id = ${t} and iu.id = a.impersonator_id
        where ${filters(actor, query)}
        order by a.occurred_at desc, a.id desc
        limit ${query.pageSize + 1} offset ${(query.page - 1) * query.pageSize}`,
    ),
  );
  return { entries: found.slice(0, query.pageSize).map(toEntry), page: query.page, pageSize: query.pageSize, hasMore: found.length > query.pageSize };
}
