import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, tenantRef, timestamps, timestamptz } from "./columns";
import { users } from "./identity";

/** A tenant-wide message shown between its start and end dates. */
export const announcements = pgTable(
  "announcements",
  {
    id: id(),
    tenantId: tenantId(),
    title: text().notNull(),
    text: text().notNull(),
    startDate: timestamptz().notNull(),
    endDate: timestamptz().notNull(),
    createdBy: integer(),
    /** When teachers were told it became active (migration 0020; the announcements.activate job). */
    activeNotifiedAt: timestamptz(),
    ...timestamps,
  },
  (t) => [
    index("announcements_tenant_idx").on(t.tenantId, t.startDate),
    index("announcements_activation_idx")
      .on(t.tenantId, t.startDate)
      .where(sql`${t.activeNotifiedAt} is null`),
    check("announcements_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    tenantRef("announcements_created_by_fk", [t.tenantId, t.createdBy], users).onDelete("set null"),
  ],
);

/** A message to one user (transfer requested, report ready ...); acknowledged is 0 or 1. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    tenantId: tenantId(),
    userId: integer().notNull(),
    type: text().notNull().default("message"),
    message: text().notNull(),
    acknowledged: smallint().notNull().default(0),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.tenantId, t.userId, t.createdAt),
    // The bell's unread count (migration 0017, which also adds the triggers that push changes live).
    index("notifications_unread_idx")
      .on(t.tenantId, t.userId)
      .where(sql`acknowledged = 0`),
    check("notifications_acknowledged_check", sql`${t.acknowledged} in (0, 1)`),
    tenantRef("notifications_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);
