// Stand-in for lib/platform/tenancy.ts inside the RLS bench (see rls-hooks.mjs): forTenant binds as
// the app does, unless the bench has switched binding off for its baseline (the code before RLS).
import { withTenant } from "../../db/client";

export const tenancySwitch = { bound: true };

export function forTenant<T>(actor: { tenantId: number }, fn: () => Promise<T>): Promise<T> {
  return tenancySwitch.bound ? withTenant(actor.tenantId, fn) : fn();
}
