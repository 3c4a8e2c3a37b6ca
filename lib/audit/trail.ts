import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { ADMINISTRATIVE, districtInReach, linkInReach, locationInReach, regionInReach } from "@/lib/organisations/reach";
import { idsIn, orgKey, orgKindOf, type OrgKind } from "./org-fields";
import type { AuditEntryRow, AuditQuery } from "./schemas";

/**
 * The audit page's trail. Tenant admins read the tenant's whole trail. Other admins read only rows
 * about records within their administrative reach, judged now: a student with an enrollment at a
 * location they administer, a user linked to an organisation they administer, or such an organisation
 * itself. Rows about anything else (sessions, tenants, other schools' children) are never shown.
 */

function scopeCondition(actor: Actor): SQL {
  if (actor.tenantWide) return sql`true`;
  const t = actor.tenantId;
  const student = sql`exists (select 1 from student_enrollments se where se.tenant_id = ${t} and se.student_id = a.student_id
    and ${locationInReach(actor, sql.raw("se.location_id"), ADMINISTRATIVE)})`;
  const user = sql`exists (select 1 from user_organizations uo where uo.tenant_id = ${t} and uo.user_id = a.entity_id and ${linkInReach(actor)})`;
  return sql`(case
    when a.student_id is not null then ${student}
    when a.entity_type = 'location' then ${locationInReach(actor, sql.raw("a.entity_id"), ADMINISTRATIVE)}
    when a.entity_type = 'district' then ${districtInReach(actor, sql.raw("a.entity_id"), ADMINISTRATIVE)}
    when a.entity_type = 'region' then ${regionInReach(actor, sql.raw("a.entity_id"), ADMINISTRATIVE)}
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

/** Each organisation id an entry's details, before and after values name, with its kind. */
function orgRefs(r: Row): { kind: OrgKind; id: number }[] {
  const d = r.details ?? {};
  const found: { kind: OrgKind; id: number }[] = [];
  const scan = (record: unknown) => {
    if (!record || typeof record !== "object" || Array.isArray(record)) return;
    for (const [field, value] of Object.entries(record)) {
      const kind = orgKindOf(field, r.entity_type, d.orgType);
      if (kind) for (const id of idsIn(value)) found.push({ kind, id });
    }
  };
  scan(d);
  scan(d.before);
  scan(d.after);
  return found;
}

const ORG_TABLES: Record<OrgKind, string> = { region: "regions", district: "districts", location: "locations" };

/** The names of the organisations the page's rows name by id, in one query per kind (at most a page's worth). */
async function orgNames(t: number, found: Row[]): Promise<Map<string, string>> {
  const wanted: Record<OrgKind, Set<number>> = { region: new Set(), district: new Set(), location: new Set() };
  for (const r of found) for (const ref of orgRefs(r)) wanted[ref.kind].add(ref.id);
  const names = new Map<string, string>();
  for (const kind of Object.keys(wanted) as OrgKind[]) {
    const ids = [...wanted[kind]];
    if (!ids.length) continue;
    const named = await rows<{ id: number; name: string }>(
      db(),
      sql`select id, name from ${sql.identifier(ORG_TABLES[kind])} where tenant_id = ${t} and id = any(${`{${ids.join(",")}}`}::int[])`,
    );
    for (const n of named) names.set(orgKey(kind, n.id), n.name);
  }
  return names;
}

const namedEntry = (names: Map<string, string>, key: string): [string, string][] => {
  const name = names.get(key);
  return name === undefined ? [] : [[key, name]];
};

function toEntry(r: Row, names: Map<string, string>): AuditEntryRow {
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
    organizationNames: Object.fromEntries(orgRefs(r).flatMap((ref) => namedEntry(names, orgKey(ref.kind, ref.id)))),
  };
}

/** GET /audit-log: one page of the trail within reach, newest first (no total: the trail is long). */
export async function listAudit(actor: Actor, query: AuditQuery) {
  authorize(actor, "audit.read");
  const t = actor.tenantId;
  const { found, hasMore, names } = await forTenant(actor, async () => {
    const found = await rows<Row>(
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
    );
    const page = found.slice(0, query.pageSize);
    return { found: page, hasMore: found.length > query.pageSize, names: await orgNames(t, page) };
  });
  return { entries: found.map((r) => toEntry(r, names)), page: query.page, pageSize: query.pageSize, hasMore };
}
