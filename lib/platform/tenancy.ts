import "server-only";
import { withTenant } from "@/db/client";
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
