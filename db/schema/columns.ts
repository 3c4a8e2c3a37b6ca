import { integer, timestamp } from "drizzle-orm/pg-core";
import { tenants } from "./identity";

/** Shared column builders; not a table file, so index.ts does not re-export it. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

/** The owning tenant: on every tenant-owned row, first column of every index. */
export const tenantId = () =>
  integer()
    .notNull()
    .references(() => tenants.id);

export const timestamptz = () => timestamp({ withTimezone: true });

export const timestamps = {
  createdAt: timestamptz().notNull().defaultNow(),
  updatedAt: timestamptz().notNull().defaultNow(),
};

export const createdAt = () => timestamptz().notNull().defaultNow();
