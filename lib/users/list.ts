import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Role } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import { linkInReach } from "@/lib/organisations/reach";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { tenantWideRoles } from "./links";
import type { UserListQuery, UserRow, UserSort } from "./schemas";

/**
 * The administrator's user lists. An admin reaches the users linked to an organisation under their
 * administrative links (a tenant admin: everyone of the tenant); anyone else answers 404, as another
 * tenant's user does. A state has about 8,000 teachers: search, sort and paging run in SQL.
 */

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string;
  enabled: boolean;
  locked: boolean;
  expired: boolean;
  tenant_member_id: string | null;
  registered: boolean;
  created_at: number | string;
  roles: Role[];
  org_count: number | string;
  administrative: boolean;
}

/** Condition on `u`: a user the actor reaches (one semi-join over the links, not a probe per user). */
export function userInReach(actor: Actor): SQL {
  if (actor.tenantWide) return sql`true`;
  return sql`u.id in (select uo.user_id from user_organizations uo where uo.tenant_id = ${actor.tenantId} and ${linkInReach(actor)})`;
}

/**
 * The columns of a set of users `u` (a page, or one): roles and link counts are aggregated for those
 * rows only, after the page is cut, not per row of the whole tenant before the offset.
 */
function selectUsers(t: number, from: SQL, order: SQL = sql`u.id`): SQL {
  return sql`with u as (${from}),
    r as (select user_id, array_agg(role::text order by role) as roles from user_roles where tenant_id = ${t} and user_id in (select id from u) group by user_id),
    o as (select user_id, count(*) as n, bool_or(administrative) as administrative from user_organizations where tenant_id = ${t} and user_id in (select id from u) group by user_id)
    select u.id, u.first_name, u.last_name, u.email, u.username, u.enabled, u.locked, u.expired, u.tenant_member_id, u.registered, u.created_at,
      coalesce(r.roles, '{}'::text[]) as roles, coalesce(o.n, 0) as org_count, coalesce(o.administrative, false) as administrative
    from u left join r on r.user_id = u.id left join o on o.user_id = u.id order by ${order}`;
}

const userColumns = sql`u.id, u.first_name, u.last_name, u.email, u.username, u.enabled, u.locked, u.expired, u.tenant_member_id,
  u.password_hash is not null as registered, extract(epoch from u.created_at)::bigint as created_at`;

export function toUser(r: Row): UserRow {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    username: r.username,
    enabled: r.enabled,
    locked: r.locked,
    expired: r.expired,
    roles: r.roles,
    tenantMemberId: r.tenant_member_id,
    isActive: r.enabled ? "Active" : "Inactive",
    registered: r.registered,
    administrative: r.administrative,
    organizationCount: Number(r.org_count),
    createdAt: Number(r.created_at),
  };
}

/** LIKE prefix of user text: its wildcards are taken literally. */
const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A name start ("first last", "last, first") or an email start. */
function searchCondition(search: string): SQL {
  const words = search
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (search.includes("@")) return sql`lower(u.email) like ${prefix(search.toLowerCase())}`;
  if (words.length >= 2) {
    const [a, b] = words;
    return sql`((lower(u.last_name) like ${prefix(a)} and lower(u.first_name) like ${prefix(b)})
      or (lower(u.first_name) like ${prefix(a)} and lower(u.last_name) like ${prefix(b)}))`;
  }
  const word = prefix(words[0] ?? "");
  return sql`(lower(u.last_name) like ${word} or lower(u.first_name) like ${word} or lower(u.email) like ${word})`;
}

function filters(actor: Actor, query: UserListQuery): SQL {
  const t = actor.tenantId;
  const parts: SQL[] = [sql`u.tenant_id = ${t}`, userInReach(actor)];
  if (query.search) parts.push(searchCondition(query.search));
  if (query.tenantMemberId) parts.push(sql`u.tenant_member_id = ${query.tenantMemberId}`);
  if (query.status) parts.push(query.status === "active" ? sql`u.enabled` : sql`not u.enabled`);
  if (query.role) parts.push(sql`exists (select 1 from user_roles r where r.tenant_id = ${t} and r.user_id = u.id and r.role = ${query.role})`);
  if (query.orgType && query.orgId) {
    parts.push(sql`exists (select 1 from user_organizations o where o.tenant_id = ${t} and o.user_id = u.id
      and o.org_type = ${query.orgType} and o.parent_id = ${query.orgId} ${query.admin === undefined ? sql`` : sql`and o.administrative = ${query.admin}`})`);
  } else if (query.admin !== undefined) {
    const admin = sql`(exists (select 1 from user_organizations o where o.tenant_id = ${t} and o.user_id = u.id and o.administrative)
      or exists (select 1 from user_roles r where r.tenant_id = ${t} and r.user_id = u.id and r.role = any(${tenantWideRoles()})))`;
    parts.push(query.admin ? admin : sql`not ${admin}`);
  }
  return sql.join(parts, sql` and `);
}

/** Sort keys end in u.id so pages never overlap; names sort case-insensitively (users_name_lower_idx). */
function orderBy(sort: UserSort, order: "asc" | "desc"): SQL {
  const dir = sql.raw(order);
  switch (sort) {
    case "firstName":
      return sql`lower(u.first_name) ${dir}, lower(u.last_name) ${dir}, u.id ${dir}`;
    case "email":
      return sql`lower(u.email) ${dir}, u.id ${dir}`;
    case "status":
      return sql`u.enabled ${dir}, lower(u.last_name) ${dir}, lower(u.first_name) ${dir}, u.id ${dir}`;
    default:
      return sql`lower(u.last_name) ${dir}, lower(u.first_name) ${dir}, u.id ${dir}`;
  }
}

/** The SQL of one page and of its count (the benchmark runs them bare too). */
export function userPageSql(actor: Actor, query: UserListQuery): { page: SQL; count: SQL } {
  const where = filters(actor, query);
  const offset = (query.page - 1) * query.pageSize;
  const order = orderBy(query.sort, query.order);
  return {
    page: selectUsers(actor.tenantId, sql`select ${userColumns} from users u where ${where} order by ${order} limit ${query.pageSize} offset ${offset}`, order),
    count: sql`select count(*) as n from users u where ${where}`,
  };
}

/** GET /users: one page of the users the admin reaches, with the total. */
export async function listUsers(actor: Actor, query: UserListQuery) {
  authorize(actor, "users.read");
  const { page, count } = userPageSql(actor, query);
  // Page and count in their own transactions, so they run side by side on PostgreSQL.
  const [found, [total]] = await Promise.all([
    forTenant(actor, () => rows<Row>(db(), page)),
    forTenant(actor, () => rows<{ n: number | string }>(db(), count)),
  ]);
  return { users: found.map(toUser), total: Number(total.n), page: query.page, pageSize: query.pageSize };
}

/** One user the actor reaches, inside the caller's binding; 404 for anyone else. */
export async function userInScope(actor: Actor, userId: number): Promise<UserRow> {
  const t = actor.tenantId;
  const [row] = await rows<Row>(
    db(),
    selectUsers(t, sql`select ${userColumns} from users u where u.tenant_id = ${t} and u.id = ${userId} and ${userInReach(actor)}`),
  );
  if (!row) throw notFound("User not found");
  return toUser(row);
}

/** GET /users/{id}. */
export function getUser(actor: Actor, userId: number): Promise<UserRow> {
  authorize(actor, "users.read");
  return forTenant(actor, () => userInScope(actor, userId));
}
