import "server-only";
import { asSystem } from "@/db/client";
import { authorize, type Permission } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError } from "@/lib/platform/errors";
import { isUniqueViolation, pgErrorOf } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";

/**
 * System administration works across tenants: shared assessments and acknowledgements (tenant_id
 * null) are not writable under a tenant's row-level security, and tenants, their admins and
 * integrations belong to other tenants. So a system change runs in one transaction of the actor's
 * own tenant (its audit rows live there), inside which the work runs as the owner (asSystem).
 * Everything a change writes commits or rolls back together.
 */
export function systemWork<T>(actor: Actor, permission: Permission, reason: string, fn: () => Promise<T>): Promise<T> {
  authorize(actor, permission);
  return forTenant(actor, () => asSystem(reason, fn));
}

/** One audit row of a system change, in the actor's tenant; details hold ids and field names or non-personal values. */
export function auditSystem(
  actor: Actor,
  action: "create" | "update" | "delete" | "import" | "export",
  entityType: string,
  entityId: number,
  details: Record<string, unknown>,
  origin: AuditOrigin,
) {
  return writeAudit(actor, [{ action, entityType, entityId, details }], origin);
}

/** The names of the fields an edit sets (for the audit row). */
export const changedFields = (input: Record<string, unknown>) => Object.keys(input).filter((k) => k !== "id" && input[k] !== undefined);

/** A still-referenced row (scores, collections) cannot be deleted: 409 with what to do instead. */
export function mapInUse(what: string) {
  return (error: unknown): never => {
    if (pgErrorOf(error)?.code === "23503") throw new AppError(409, `This ${what} is used by data collections or scores and cannot be deleted`);
    throw error;
  };
}

/** A duplicate code (or name) of the same parent: 409 naming the field. */
export function mapDuplicate(field: string, message: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new AppError(409, message, [{ field, message }]);
    throw error;
  };
}
