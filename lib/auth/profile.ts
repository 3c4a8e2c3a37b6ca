import "server-only";
import { eq } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { tenants, userFeatures, userRoles, users, type Role } from "@/db/schema";
import { defaultActiveRole, holdsRole } from "./permissions";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { brandFor } from "./tenant-host";

/** The spec's User/profile (platform.md section 3) plus the session's active role and the tenant's branding. */
export interface ProfileData {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  roles: Role[];
  features: string[];
  tenantMemberId: string | null;
  tenants: { message: string | null; ruleset: Record<string, unknown>; configuration: Record<string, unknown> };
  disableTransferEmails: boolean;
  enabled: boolean;
  locked: boolean;
  tenantId: number;
  activeRole: Role | "none";
  tenantName: string;
  tenantLogo: string;
  tenantSubLogo: string;
}

/** The active role a session keeps: the stored one while the user still holds it, else by priority. */
function resolveActiveRole(roles: Role[], stored: string | null | undefined): Role | "none" {
  return stored && holdsRole({ roles }, stored as Role) ? (stored as Role) : defaultActiveRole(roles);
}

/** A user's profile (never the password hash); callers have already scoped the id to the caller's tenant. */
export async function loadProfile(userId: number, storedActiveRole?: string | null, executor: Executor = db()): Promise<ProfileData> {
  const [row] = await executor
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  const [roleRows, featureRows] = await Promise.all([
    executor.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    executor.select({ feature: userFeatures.feature }).from(userFeatures).where(eq(userFeatures.userId, userId)),
  ]);
  const { user, tenant } = row;
  const roles = roleRows.map((r) => r.role);
  const brand = brandFor(tenant.slug);
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    roles,
    features: featureRows.map((f) => f.feature),
    tenantMemberId: user.tenantMemberId,
    tenants: { message: tenant.welcomeMessage, ruleset: tenant.ruleset, configuration: tenant.configuration },
    disableTransferEmails: user.disableTransferEmails,
    enabled: user.enabled,
    locked: user.locked,
    tenantId: user.tenantId,
    activeRole: resolveActiveRole(roles, storedActiveRole),
    tenantName: tenant.name,
    tenantLogo: tenant.logoUrl ?? brand.logoUrl,
    tenantSubLogo: tenant.subLogoUrl ?? brand.subLogoUrl,
  };
}

/** The caller's own profile (GET /login/me, the profile page), read bound to their tenant. */
export function ownProfile(actor: Actor): Promise<ProfileData> {
  return forTenant(actor, () => loadProfile(actor.userId, actor.activeRole));
}
