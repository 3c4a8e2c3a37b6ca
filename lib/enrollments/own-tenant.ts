import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";

/** The /admin/tenants/{tenantId}/... paths: another tenant's id is 404, never a look across. */
export function ownTenant(actor: Actor, tenantId: number): Actor {
  if (tenantId !== actor.tenantId) throw notFound();
  return actor;
}
