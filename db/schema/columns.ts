import { foreignKey, integer, timestamp, unique, type AnyPgColumn } from "drizzle-orm/pg-core";
import { tenants } from "./identity";

/** Shared column builders; not a table file, so index.ts does not re-export it. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** The owning tenant: on every tenant-owned row, first column of every index. */
export const tenantId = () =>
  integer()
    .notNull()
    .references(() => tenants.id);

/**
 * The owning tenant of a table whose NOT NULL (tenant_id, x) keys already reach a row that holds its
 * own tenant key: no key of its own, one per-row check less on every insert (migration 0029).
 */
export const impliedTenantId = () => integer().notNull();

export const timestamptz = () => timestamp({ withTimezone: true });

export const timestamps = {
  createdAt: timestamptz().notNull().defaultNow(),
  updatedAt: timestamptz().notNull().defaultNow(),
};

export const createdAt = () => timestamptz().notNull().defaultNow();

/** unique (tenant_id, id) on a tenant-owned parent: the target of its children's tenantRef keys. */
export const tenantKey = (table: string, t: { tenantId: AnyPgColumn; id: AnyPgColumn }) => unique(`${table}_tenant_id_id_key`).on(t.tenantId, t.id);

/**
 * A tenant-safe reference, (tenant_id, column) -> parent (tenant_id, id): the database refuses a
 * child row that points at another tenant's parent. A null column is not checked (MATCH SIMPLE).
 * ON DELETE SET NULL must name the column alone (tenant_id is not null), which Drizzle cannot say:
 * migration 0004 says SET NULL (column) by hand, and a schema rule checks every such key.
 */
export const tenantRef = (name: string, columns: [AnyPgColumn, AnyPgColumn], parent: { tenantId: AnyPgColumn; id: AnyPgColumn }) =>
  foreignKey({ name, columns, foreignColumns: [parent.tenantId, parent.id] });
