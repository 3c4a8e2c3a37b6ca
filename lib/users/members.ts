import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { OrgType, Role } from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import { listUserOrganizations } from "@/lib/organisations/user-organizations";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { requireAdministeredOrg } from "./links";
import { LINK_NOT_FOUND } from "./messages";
import type { Member } from "./schemas";

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  enabled: boolean;
  roles: Role[];
  administrative: boolean;
  member_unique_id: string | null;
}

/**
 * The people linked directly to one organisation (spec: GET /locations/{id}/members?roles=ROLE_TEACHER
 * lists a location's teachers for rosters), optionally only its administrators (admin true) or only
 * the others (admin false). The organisation must lie under the actor's administrative links (404).
 * A school has tens of people: no paging.
 */
export async function listMembers(actor: Actor, orgType: OrgType, orgId: number, options: { roles?: Role[]; admin?: boolean } = {}): Promise<Member[]> {
  authorize(actor, "users.read");
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    await requireAdministeredOrg(actor, orgType, orgId);
    const roleFilter = options.roles?.length
      ? sql`and exists (select 1 from user_roles r where r.tenant_id = ${t} and r.user_id = u.id and r.role = any(${`{${options.roles.join(",")}}`}::role[]))`
      : sql``;
    const adminFilter = options.admin === undefined ? sql`` : sql`and o.administrative = ${options.admin}`;
    const found = await rows<Row>(
      db(),
      sql`select u.id, u.first_name, u.last_name, u.email, u.enabled, o.administrative, o.member_unique_id,
          coalesce((select array_agg(r.role::text order by r.role) from user_roles r where r.tenant_id = ${t} and r.user_id = u.id), '{}'::text[]) as roles
        from user_organizations o join users u on u.tenant_id = ${t} and u.id = o.user_id
        where o.tenant_id = ${t} and o.org_type = ${orgType} and o.parent_id = ${orgId} ${adminFilter} ${roleFilter}
        order by lower(u.last_name), lower(u.first_name), u.id`,
    );
    return found.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      enabled: r.enabled,
      roles: r.roles,
      administrative: r.administrative,
      memberUniqueId: r.member_unique_id,
    }));
  });
}

/**
 * GET /users/{id}/organizations/locations/{locationId}: the user's link to that location (admin: only
 * an administrative one). Users read their own; admins those of users in reach (listUserOrganizations).
 */
export async function userLocationLink(actor: Actor, userId: number, locationId: number, admin?: boolean) {
  const links = await listUserOrganizations(actor, userId, { admin });
  const link = links.find((l) => l.orgType === "location" && l.parentId === locationId);
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}
