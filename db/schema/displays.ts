import { index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, tenantId, tenantRef } from "./columns";
import { users } from "./identity";

/**
 * A computed data display kept for a short while (migration 0019): GET /data-displays/{role}/{type}
 * answers a signed, expiring URL to one of these rows; the same view asked again soon reuses it.
 */
export const dataDisplayResults = pgTable(
  "data_display_results",
  {
    tenantId: tenantId(),
    id: text().notNull(),
    userId: integer().notNull(),
    /** Role, type, collection, organisation level and options of the view. */
    cacheKey: text().notNull(),
    payload: jsonb().$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "data_display_results_pkey", columns: [t.tenantId, t.id] }),
    index("data_display_results_key_idx").on(t.tenantId, t.userId, t.cacheKey, t.createdAt),
    tenantRef("data_display_results_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);
