import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { Role } from "@/db/schema";
import { updateOwnProfile } from "@/lib/auth/account";
import { authorize, GRANTABLE_ROLES, mayImpersonateRoles } from "@/lib/auth/permissions";
import { sendRegistrationInvite } from "@/lib/auth/recovery";
import { whollyWithinReach } from "@/lib/auth/scope";
import { revokeUserSessions, type RequestContext } from "@/lib/auth/sessions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, badRequest, fieldError, forbidden } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";
import { insertLinks, syncAdminRole } from "./links";
import { userInScope } from "./list";
import { BEYOND_REACH, EMAIL_TAKEN, NO_PASSWORD_FOR_OTHERS, NOT_OWN_STATUS, ORGANIZATION_REPEATED, ORGANIZATION_REQUIRED, ROLES_GRANTABLE } from "./messages";
import { type CreateUserInput, type UpdateUserInput, type UserRow } from "./schemas";

/** Sign-in names are unique across tenants (users_username_key): a taken email is a 409 on the field. */
function mapUserErrors(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN, [{ field: "email", message: EMAIL_TAKEN }]);
  throw error;
}

/**
 * POST /users: the account (no password yet), its granted roles and organisation links, and, unless
 * sendInvite is false, the registration mail, all in one transaction with its audit rows. Admins who
 * are not tenant-wide must link the new user to an organisation they administer (else nobody could
 * see the account again).
 */
export async function createUser(actor: Actor, input: CreateUserInput, origin: AuditOrigin = {}): Promise<UserRow> {
  authorize(actor, "users.manage");
  if (!actor.tenantWide && input.organizations.length === 0) throw fieldError("organizations", ORGANIZATION_REQUIRED);
  const keys = input.organizations.map((o) => `${o.orgType}:${o.parentId}`);
  if (new Set(keys).size !== keys.length) throw fieldError("organizations", ORGANIZATION_REPEATED);
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const [created] = await rows<{ id: number }>(
      db(),
      sql`insert into users (tenant_id, username, email, first_name, last_name, tenant_member_id)
        values (${t}, ${input.email}, ${input.email}, ${input.firstName}, ${input.lastName}, ${input.tenantMemberId}) returning id`,
    ).catch(mapUserErrors);
    for (const role of input.roles) {
      await rows(db(), sql`insert into user_roles (tenant_id, user_id, role) values (${t}, ${created.id}, ${role}) returning user_id`);
    }
    const links = await insertLinks(actor, created.id, input.organizations);
    const adminRole = await syncAdminRole(t, created.id);
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "user",
          entityId: created.id,
          details: {
            fields: ["firstName", "lastName", "email", ...(input.tenantMemberId ? ["tenantMemberId"] : [])],
            roles: input.roles,
            adminRole,
            invited: input.sendInvite,
          },
        },
        ...links.map((l) => ({
          action: "create",
          entityType: "user_organization",
          entityId: l.id,
          details: { userId: created.id, orgType: l.orgType, parentId: l.parentId, administrative: l.administrative },
        })),
      ],
      origin,
    );
    // Joins this transaction: the token and the mail's outbox row commit with the account.
    if (input.sendInvite) await sendRegistrationInvite(actor, created.id);
    return userInScope(actor, created.id);
  });
}

/** Account changes need the whole person within reach: no link elsewhere, no role above the actor's. */
async function changeableUser(actor: Actor, userId: number): Promise<UserRow> {
  const user = await userInScope(actor, userId);
  if (!mayImpersonateRoles(actor, user.roles) || !(await whollyWithinReach(actor, userId))) throw forbidden(BEYOND_REACH);
  return user;
}

/**
 * PUT /users. The caller's own id edits their own profile (lib/auth/account.ts), where status, roles
 * and organisations cannot change. Another id is an administrator's edit: names, email (also the
 * sign-in name), tenant member id, granted roles, enabled (activate, deactivate) and locked. Turning an
 * account off (enabled false, locked true) or changing its email ends its sessions and the
 * impersonations it started, in the same transaction as the change and its audit row.
 */
export async function updateUser(actor: Actor, input: UpdateUserInput, context: RequestContext, origin: AuditOrigin = {}) {
  if (input.id === actor.userId) {
    if (await changesOwnStatus(actor, input)) throw badRequest(NOT_OWN_STATUS);
    return updateOwnProfile(actor, input, context);
  }
  authorize(actor, "users.manage");
  if (input.password || input.currentPassword) throw fieldError("password", NO_PASSWORD_FOR_OTHERS);
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const before = await changeableUser(actor, input.id);
    const email = input.email?.toLowerCase();
    const set: Record<string, unknown> = {};
    if (input.firstName !== undefined && input.firstName !== before.firstName) set.first_name = input.firstName;
    if (input.lastName !== undefined && input.lastName !== before.lastName) set.last_name = input.lastName;
    if (email !== undefined && email !== before.email) Object.assign(set, { email, username: email });
    if (input.tenantMemberId !== undefined && (input.tenantMemberId || null) !== before.tenantMemberId) set.tenant_member_id = input.tenantMemberId || null;
    if (input.disableTransferEmails !== undefined) set.disable_transfer_emails = input.disableTransferEmails;
    if (input.enabled !== undefined && input.enabled !== before.enabled) set.enabled = input.enabled;
    if (input.locked !== undefined && input.locked !== before.locked) set.locked = input.locked;
    const fields = Object.keys(set);
    if (fields.length) {
      const assignments = sql.join(
        Object.entries(set).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`),
        sql`, `,
      );
      await rows(db(), sql`update users set ${assignments}, updated_at = now() where tenant_id = ${t} and id = ${input.id} returning id`).catch(mapUserErrors);
    }
    const roleChanges = input.roles ? await replaceGrantedRoles(t, input.id, before.roles, input.roles) : { added: [], removed: [] };

    const reason = set.enabled === false ? "user_disabled" : set.locked === true ? "user_locked" : set.email ? "credentials_changed" : null;
    if (reason) await revokeUserSessions(t, input.id, undefined, db(), reason);
    const action =
      set.enabled === false ? "deactivate" : set.enabled === true ? "activate" : set.locked === false ? "unlock" : set.locked === true ? "lock" : "update";
    if (fields.length || roleChanges.added.length || roleChanges.removed.length) {
      // Field names only, never the values (names and emails are personal).
      const named = fields.map((f) => f.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())).filter((f) => f !== "username");
      await writeAudit(
        actor,
        [
          {
            action,
            entityType: "user",
            entityId: input.id,
            details: { fields: named, rolesAdded: roleChanges.added, rolesRemoved: roleChanges.removed, sessionsEnded: Boolean(reason) },
          },
        ],
        origin,
      );
    }
    return { user: await userInScope(actor, input.id) };
  });
}

/** Whether one's own edit changes one's status or roles: the same values, as one's record reads them, change nothing. */
async function changesOwnStatus(actor: Actor, input: UpdateUserInput): Promise<boolean> {
  if (input.enabled === undefined && input.locked === undefined && input.roles === undefined) return false;
  const [own] = await forTenant(actor, () =>
    rows<{ enabled: boolean; locked: boolean; roles: Role[] }>(
      db(),
      sql`select u.enabled, u.locked, array(select role::text from user_roles r where r.tenant_id = u.tenant_id and r.user_id = u.id) as roles
          from users u where u.tenant_id = ${actor.tenantId} and u.id = ${actor.userId}`,
    ),
  );
  const held = new Set(own.roles);
  const sameRoles = (roles: Role[]) => roles.length === held.size && roles.every((r) => held.has(r));
  return (
    (input.enabled !== undefined && input.enabled !== own.enabled) ||
    (input.locked !== undefined && input.locked !== own.locked) ||
    (input.roles !== undefined && !sameRoles(input.roles))
  );
}

/**
 * The granted roles (teacher, data manager) become those of `wanted`; other roles stay as they are,
 * and may be named only as held (the read lists them): this call grants no administrator's role.
 */
async function replaceGrantedRoles(tenantId: number, userId: number, held: Role[], wanted: Role[]) {
  const grantable: readonly Role[] = GRANTABLE_ROLES;
  if (wanted.some((r) => !grantable.includes(r) && !held.includes(r))) throw fieldError("roles", ROLES_GRANTABLE);
  const added = wanted.filter((r) => !held.includes(r));
  const removed = held.filter((r) => grantable.includes(r) && !wanted.includes(r));
  for (const role of added) await rows(db(), sql`insert into user_roles (tenant_id, user_id, role) values (${tenantId}, ${userId}, ${role}) returning user_id`);
  for (const role of removed)
    await rows(db(), sql`delete from user_roles where tenant_id = ${tenantId} and user_id = ${userId} and role = ${role} returning user_id`);
  return { added, removed };
}
