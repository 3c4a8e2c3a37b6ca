import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { tenants, userRoles, users } from "@/db/schema";
import { registrationMail } from "@/lib/auth/mails";
import { TENANT_ADMIN_ROLES } from "@/lib/auth/permissions";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { issueToken } from "@/lib/auth/tokens";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { env } from "@/lib/platform/env";
import { badRequest, notFound } from "@/lib/platform/errors";
import { sendMail } from "@/lib/platform/mail";
import type { CreateTenant, CreateTenantAdmin, UpdateTenant, UpdateTenantAdmin } from "./admin-schemas";
import { auditSystem, changedFields, mapDuplicate, systemWork } from "./change";

/* Tenants (state programmes) and their tenant admins, across tenants (system admins only). */

const tenantColumns = { id: tenants.id, name: tenants.name, slug: tenants.slug, logoUrl: tenants.logoUrl };
const tenantWire = (t: { id: number; name: string; slug: string; logoUrl: string | null }) => ({ ...t, nameLabel: t.name });

/** The host prefix a tenant's name suggests: "South Carolina" -> "south-carolina". */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 63) || "tenant";

export function listTenants(actor: Actor) {
  return acrossTenants(actor, "system.tenants", "system: list tenants", async () =>
    (await db().select(tenantColumns).from(tenants).orderBy(asc(tenants.name))).map(tenantWire),
  );
}

export function getTenant(actor: Actor, id: number) {
  return acrossTenants(actor, "system.tenants", "system: one tenant", async () => {
    const [row] = await db().select(tenantColumns).from(tenants).where(eq(tenants.id, id));
    if (!row) throw notFound("Tenant not found");
    return tenantWire(row);
  });
}

const duplicateSlug = mapDuplicate("slug", "A tenant with this host prefix already exists");

/** POST /tenants {name, slug?, logoUrl}: the host prefix defaults to the name's. */
export function createTenant(actor: Actor, input: CreateTenant, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.tenants", "system: create a tenant", async () => {
    const [row] = await db()
      .insert(tenants)
      .values({ name: input.name, slug: input.slug ?? slugOf(input.name), logoUrl: input.logoUrl })
      .returning(tenantColumns)
      .catch(duplicateSlug);
    await auditSystem(actor, "create", "tenant", row.id, { name: row.name, slug: row.slug }, origin);
    return tenantWire(row);
  });
}

/** PUT /tenants {id, name?, logoUrl?}; the spec converts the tenant id to a number, as idSchema does. */
export function updateTenant(actor: Actor, input: UpdateTenant, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.tenants", "system: update a tenant", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    const { id, ...values } = input;
    const [row] = await db()
      .update(tenants)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(tenants.id, id))
      .returning(tenantColumns);
    if (!row) throw notFound("Tenant not found");
    await auditSystem(actor, "update", "tenant", id, { fields }, origin);
    return tenantWire(row);
  });
}

/* Tenant admins: users holding the tenant admin role (TENANT_ADMIN_ROLES[0]). */

const adminColumns = {
  id: users.id,
  tenantId: users.tenantId,
  tenantName: tenants.name,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  enabled: users.enabled,
  registered: sql<boolean>`${users.passwordHash} is not null`,
};
type AdminRow = { id: number; tenantId: number; tenantName: string; firstName: string; lastName: string; email: string; enabled: boolean; registered: boolean };
const adminWire = (a: AdminRow) => ({ ...a, isActive: a.enabled ? ("Active" as const) : ("Inactive" as const) });

async function adminRows(where: ReturnType<typeof and>) {
  const rows = await db()
    .select(adminColumns)
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .innerJoin(userRoles, and(eq(userRoles.tenantId, users.tenantId), eq(userRoles.userId, users.id), eq(userRoles.role, TENANT_ADMIN_ROLES[0])))
    .where(where)
    .orderBy(asc(tenants.name), asc(users.lastName), asc(users.firstName));
  return rows.map(adminWire);
}

/** GET /tenant-admins[?tenantId]: every tenant admin, or one tenant's. */
export function listTenantAdmins(actor: Actor, tenantId?: number) {
  return acrossTenants(actor, "system.tenants", "system: list tenant admins", () => adminRows(tenantId ? eq(users.tenantId, tenantId) : undefined));
}

const duplicateEmail = mapDuplicate("email", "A user with this email already exists");

/**
 * POST /tenant-admins: a new user of the tenant with the tenant admin and admin roles, mailed the
 * link that completes their registration (the mail goes once the transaction commits).
 */
export function createTenantAdmin(actor: Actor, input: CreateTenantAdmin, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.tenants", "system: create a tenant admin", async () => {
    const [tenant] = await db().select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.id, input.tenantId));
    if (!tenant) throw notFound("Tenant not found");
    const email = input.email.toLowerCase();
    const [user] = await db()
      .insert(users)
      .values({ tenantId: tenant.id, username: email, email, firstName: input.firstName, lastName: input.lastName })
      .returning({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .catch(duplicateEmail);
    await db()
      .insert(userRoles)
      .values(TENANT_ADMIN_ROLES.map((role) => ({ tenantId: tenant.id, userId: user.id, role })));
    const token = await issueToken(db(), { tenantId: tenant.id, userId: user.id, purpose: "registration" });
    const link = `${env().PUBLIC_URL}/user-registration?token=${token}`;
    await sendMail({
      tenantId: tenant.id,
      to: user.email,
      ...registrationMail({ user, tenantName: tenant.name, link }),
      meta: { kind: "registration", userId: user.id },
    });
    await auditSystem(actor, "create", "tenant_admin", user.id, { tenantId: tenant.id, roles: TENANT_ADMIN_ROLES }, origin);
    const [row] = await adminRows(eq(users.id, user.id));
    return row;
  });
}

/** PUT /tenant-admins {id, ...}: names, email (also the username) and whether the account is enabled. */
export function updateTenantAdmin(actor: Actor, input: UpdateTenantAdmin, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.tenants", "system: update a tenant admin", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    const [current] = await adminRows(eq(users.id, input.id));
    if (!current) throw notFound("Tenant admin not found");
    const { id, email, ...values } = input;
    const address = email?.toLowerCase();
    await db()
      .update(users)
      .set({ ...values, ...(address ? { email: address, username: address } : {}), updatedAt: new Date() })
      .where(and(eq(users.tenantId, current.tenantId), eq(users.id, id)))
      .catch(duplicateEmail);
    // A disabled account's open sessions end now, not when their tokens expire.
    if (values.enabled === false) await revokeUserSessions(current.tenantId, id, undefined, db(), "user_disabled");
    await auditSystem(actor, "update", "tenant_admin", id, { tenantId: current.tenantId, fields }, origin);
    const [row] = await adminRows(eq(users.id, id));
    return row;
  });
}
