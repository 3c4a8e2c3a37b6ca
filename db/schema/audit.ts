import { bigint, index, inet, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, tenantId, tenantRef } from "./columns";
import { users } from "./identity";

/**
 * Who read or changed which student record, when and from where (FERPA-style access log).
 * Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 0002), and no foreign key
 * into it cascades or sets null. No foreign key to the record so the trail outlives it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    userId: integer(),
    /** The admin behind an impersonated session. */
    impersonatorId: integer(),
    /** view, create, update, delete, export, merge, transfer ... */
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: integer(),
    studentId: integer(),
    ipAddress: inet(),
    userAgent: text(),
    requestId: text(),
    /** Names of the changed fields and similar; never the personal values themselves. */
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: createdAt(),
  },
  (t) => [
    index("audit_log_tenant_idx").on(t.tenantId, t.occurredAt),
    index("audit_log_student_idx").on(t.tenantId, t.studentId, t.occurredAt),
    index("audit_log_user_idx").on(t.tenantId, t.userId, t.occurredAt),
    /** The audit page's trail of one user or organisation (migration 0014). */
    index("audit_log_entity_idx").on(t.tenantId, t.entityType, t.entityId, t.occurredAt),
    tenantRef("audit_log_user_fk", [t.tenantId, t.userId], users),
    tenantRef("audit_log_impersonator_fk", [t.tenantId, t.impersonatorId], users),
  ],
);
