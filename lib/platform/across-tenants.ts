import "server-only";
import { asSystem, db } from "@/db/client";
import { auditLog } from "@/db/schema";
import { authorize, type Permission } from "@/lib/auth/permissions";
import type { Actor } from "./actor";
import { forTenant } from "./tenancy";

/**
 * A person's read across tenants (system administration): the one path past row-level security
 * for signed-in work. It checks the permission, writes an audit row in the actor's own tenant
 * naming the reason, then runs fn as the owner. Pre-authentication lookups use asSystem directly.
 */
export async function acrossTenants<T>(actor: Actor, permission: Permission, reason: string, fn: () => Promise<T>): Promise<T> {
  authorize(actor, permission);
  await forTenant(actor, () =>
    db().insert(auditLog).values({
      tenantId: actor.tenantId,
      userId: actor.userId,
      impersonatorId: actor.impersonatorId,
      action: "cross_tenant_read",
      entityType: "tenant",
      details: { permission, reason },
    }),
  );
  return asSystem(reason, fn);
}
