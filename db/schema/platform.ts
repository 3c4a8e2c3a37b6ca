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
    /**
     * queued, sending (claimed by one delivery attempt), sent (over SMTP), kept (embedded default,
     * not delivered elsewhere) or failed (the SMTP server refused it for good).
     */
    status: text().notNull().default("queued"),
    /** Delivery attempts so far; also the fencing token of the current claim. */
    attempts: integer().notNull().default(0),
    /** When the current attempt claimed the row; a claim older than its lease may be taken over. */
    claimedAt: timestamp({ withTimezone: true }),
    transportMessageId: text(),
    error: text(),
    meta: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("mail_outbox_tenant_idx").on(t.tenantId, t.createdAt)],
);
