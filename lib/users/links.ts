import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { OrgType } from "@/db/schema";
import { authorize, LINK_ADMIN_ROLE, mayImpersonateRoles, rolesWith } from "@/lib/auth/permissions";
import { ADMINISTRATIVE, orgInReach } from "@/lib/organisations/reach";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, badRequest, forbidden, notFound } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";
import { userInScope } from "./list";
import { BEYOND_REACH, LINK_EXISTS, LINK_NOT_FOUND, NOT_OWN_STATUS, ORGANIZATION_NOT_FOUND } from "./messages";
import type { ChangeOrgLinkInput, OrgLinkInput } from "./schemas";

/**
 * A user's organisation links (spec §4: associate, disassociate, promote to admin, demote). An admin
 * links users only to organisations they administer (else 404), never themselves (400), and never
 * someone holding a role above their own (403). ROLE_ADMIN follows the administrative links: granted
 * with the first, taken with the last (unless the user is a tenant or system administrator).
 */

const TABLES: Record<OrgType, string> = { region: "regions", district: "districts", location: "locations" };

interface LinkRow {
  id: number;
  user_id: number;
  org_type: OrgType;
  parent_id: number;
  administrative: boolean;
  member_unique_id: string | null;
}

const toLink = (r: LinkRow) => ({
  id: r.id,
  userId: r.user_id,
  orgType: r.org_type,
  parentId: r.parent_id,
  administrative: r.administrative,
  memberUniqueId: r.member_unique_id,
});
export type Organization = ReturnType<typeof toLink>;

/** Throws 404 unless the organisation is active, of the actor's tenant and under their administrative links. */
export async function requireAdministeredOrg(actor: Actor, orgType: OrgType, id: number): Promise<void> {
  const column = sql.raw("o.id");
  const scope = orgInReach(actor, orgType, column, ADMINISTRATIVE);
  const [found] = await rows<{ id: number }>(
    db(),
    sql`select o.id from ${sql.raw(TABLES[orgType])} o where o.tenant_id = ${actor.tenantId} and o.id = ${id} and o.active and ${scope}`,
  );
  if (!found) throw notFound(ORGANIZATION_NOT_FOUND);
}

/** The target must be someone else within reach, holding no role above the actor's. */
async function linkableUser(actor: Actor, userId: number) {
  if (userId === actor.userId) throw badRequest(NOT_OWN_STATUS);
  const user = await userInScope(actor, userId);
  if (!mayImpersonateRoles(actor, user.roles)) throw forbidden(BEYOND_REACH);
  return user;
}

/** The roles that reach the whole tenant, as a SQL array (they keep ROLE_ADMIN without links). */
export const tenantWideRoles = () => sql`${`{${rolesWith("scope.tenant").join(",")}}`}::role[]`;

/** Give or take ROLE_ADMIN by the user's administrative links; answers what changed, for the audit row. */
export async function syncAdminRole(tenantId: number, userId: number): Promise<"granted" | "removed" | null> {
  const adminLink = sql`exists (select 1 from user_organizations o where o.tenant_id = ${tenantId} and o.user_id = ${userId} and o.administrative)`;
  const granted = await rows<{ user_id: number }>(
    db(),
    sql`insert into user_roles (tenant_id, user_id, role) select ${tenantId}, ${userId}, ${LINK_ADMIN_ROLE} where ${adminLink}
      on conflict do nothing returning user_id`,
  );
  if (granted.length) return "granted";
  const removed = await rows<{ user_id: number }>(
    db(),
    sql`delete from user_roles where tenant_id = ${tenantId} and user_id = ${userId} and role = ${LINK_ADMIN_ROLE} and not ${adminLink}
      and not exists (select 1 from user_roles k where k.tenant_id = ${tenantId} and k.user_id = ${userId} and k.role = any(${tenantWideRoles()}))
      returning user_id`,
  );
  return removed.length ? "removed" : null;
}

/** Insert links of a user (create and POST), inside the caller's binding; a repeated link is a 409. */
export async function insertLinks(actor: Actor, userId: number, links: OrgLinkInput[]): Promise<Organization[]> {
  const made: Organization[] = [];
  for (const link of links) {
    await requireAdministeredOrg(actor, link.orgType, link.parentId);
    const [row] = await rows<LinkRow>(
      db(),
      sql`insert into user_organizations (tenant_id, user_id, org_type, parent_id, administrative, member_unique_id)
        values (${actor.tenantId}, ${userId}, ${link.orgType}, ${link.parentId}, ${link.administrative}, ${link.memberUniqueId})
        returning id, user_id, org_type, parent_id, administrative, member_unique_id`,
    ).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError(409, LINK_EXISTS, [{ field: "parentId", message: LINK_EXISTS }]);
      throw error;
    });
    made.push(toLink(row));
  }
  return made;
}

/** POST /users/{id}/organizations: associate a user with an organisation (administrative: as its admin). */
export async function addLink(actor: Actor, userId: number, input: OrgLinkInput, origin: AuditOrigin = {}): Promise<Organization> {
  authorize(actor, "users.manage");
  return forTenant(actor, async () => {
    await linkableUser(actor, userId);
    const [link] = await insertLinks(actor, userId, [input]);
    const adminRole = await syncAdminRole(actor.tenantId, userId);
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "user_organization",
          entityId: link.id,
          details: { userId, orgType: link.orgType, parentId: link.parentId, administrative: link.administrative, adminRole },
        },
      ],
      origin,
    );
    return link;
  });
}

async function existingLink(actor: Actor, userId: number, orgType: OrgType, parentId: number): Promise<LinkRow> {
  await requireAdministeredOrg(actor, orgType, parentId);
  const [row] = await rows<LinkRow>(
    db(),
    sql`select id, user_id, org_type, parent_id, administrative, member_unique_id from user_organizations
      where tenant_id = ${actor.tenantId} and user_id = ${userId} and org_type = ${orgType} and parent_id = ${parentId} for update`,
  );
  if (!row) throw notFound(LINK_NOT_FOUND);
  return row;
}

/** PUT /users/{id}/organizations: promote to admin (administrative true), demote (false), or change the member unique id. */
export async function changeLink(actor: Actor, userId: number, input: ChangeOrgLinkInput, origin: AuditOrigin = {}): Promise<Organization> {
  authorize(actor, "users.manage");
  return forTenant(actor, async () => {
    await linkableUser(actor, userId);
    const before = await existingLink(actor, userId, input.orgType, input.parentId);
    const [row] = await rows<LinkRow>(
      db(),
      sql`update user_organizations set administrative = ${input.administrative ?? before.administrative},
          member_unique_id = ${input.memberUniqueId === undefined ? before.member_unique_id : input.memberUniqueId}, updated_at = now()
        where tenant_id = ${actor.tenantId} and id = ${before.id} returning id, user_id, org_type, parent_id, administrative, member_unique_id`,
    );
    const adminRole = await syncAdminRole(actor.tenantId, userId);
    const action = before.administrative === row.administrative ? "update" : row.administrative ? "promote" : "demote";
    const changed = (["administrative", "member_unique_id"] as const).filter((k) => before[k] !== row[k]);
    if (changed.length) {
      await writeAudit(
        actor,
        [
          {
            action,
            entityType: "user_organization",
            entityId: row.id,
            details: { userId, orgType: row.org_type, parentId: row.parent_id, fields: changed, adminRole },
          },
        ],
        origin,
      );
    }
    return toLink(row);
  });
}

/** DELETE /users/{id}/organizations?orgType&parentId: disassociate. */
export async function removeLink(
  actor: Actor,
  userId: number,
  query: { orgType: OrgType; parentId: number },
  origin: AuditOrigin = {},
): Promise<{ deleted: true }> {
  authorize(actor, "users.manage");
  return forTenant(actor, async () => {
    await linkableUser(actor, userId);
    const link = await existingLink(actor, userId, query.orgType, query.parentId);
    await rows(db(), sql`delete from user_organizations where tenant_id = ${actor.tenantId} and id = ${link.id} returning id`);
    const adminRole = await syncAdminRole(actor.tenantId, userId);
    await writeAudit(
      actor,
      [
        {
          action: "delete",
          entityType: "user_organization",
          entityId: link.id,
          details: { userId, orgType: link.org_type, parentId: link.parent_id, administrative: link.administrative, adminRole },
        },
      ],
      origin,
    );
    return { deleted: true as const };
  });
}
