import type { SQL } from "drizzle-orm";
import { withTenant } from "@/db/client";

/**
 * Lets a test bind a service's transaction to another tenant than its own filters name, as a
 * service that forgot or mistook its tenant filter would. Use with
 * `vi.mock("@/lib/platform/tenancy", (original) => import("../support/tenancy-binding").then((m) => m.boundTenancy(original)))`
 * and set `binding.tenantId` (null: the actor's own tenant, the real behaviour).
 */
export const binding = { tenantId: null as number | null };

export async function boundTenancy(importOriginal: () => Promise<unknown>) {
  const original = (await importOriginal()) as typeof import("@/lib/platform/tenancy");
  return {
    ...original,
    forTenant: <T>(actor: { tenantId: number }, fn: () => Promise<T>): Promise<T> =>
      binding.tenantId === null ? original.forTenant(actor, fn) : withTenant(binding.tenantId, fn),
    inTenantStatement: <T>(actor: { tenantId: number }, statement: (bindTenant: number) => SQL): Promise<T[]> =>
      original.inTenantStatement<T>(binding.tenantId === null ? actor : { tenantId: binding.tenantId }, statement),
  };
}
