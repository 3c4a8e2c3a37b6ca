import "server-only";
import type { SQL } from "drizzle-orm";
import { selfBound, withTenant } from "@/db/client";
import type { Actor } from "./actor";

/**
 * Run a service's reads under the database's tenancy: one transaction as the application role with
 * the actor's tenant set, so row-level security hides every other tenant's rows even where a query's
 * own `tenant_id` filter were missing. Nested calls for the same tenant join the outer transaction.
 *
 * A transaction is one connection: queries started together inside it run one after another. Give
 * heavy independent reads their own forTenant each (see the administrator dashboard) to keep them
 * parallel on PostgreSQL. A pg-boss job sent inside (`sendJob`, `sendMail`) goes out once the
 * transaction has committed (`afterCommit`), and not at all if it rolls back.
 */
export function forTenant<T>(actor: Pick<Actor, "tenantId">, fn: () => Promise<T>): Promise<T> {
  return withTenant(actor.tenantId, fn);
}

/**
 * One statement under the actor's tenant, for the hot paths: `statement` gets the tenant to bind
 * and calls a database function that binds it itself (db/client.ts `selfBound`), so a call is one
 * round trip instead of forTenant's three.
 */
export function inTenantStatement<T>(actor: Pick<Actor, "tenantId">, statement: (bindTenant: number) => SQL): Promise<T[]> {
  return selfBound<T>(statement(actor.tenantId));
}
