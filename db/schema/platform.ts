import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tenants } from "./identity";

/** Every mail the platform sends; the embedded default delivers only here (and to the log). */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().references(() => tenants.id),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** queued, sent (over SMTP) or kept (embedded default, not delivered elsewhere). */
    status: text().notNull().default("queued"),
    transportMessageId: text(),
    error: text(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("mail_outbox_tenant_idx").on(t.tenantId, t.createdAt)],
);
