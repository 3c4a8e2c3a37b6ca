import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { files } from "./files";
import { users } from "./identity";

/**
 * The file currently offered in each download slot. Platform-wide, not tenant-owned: every
 * tenant's staff download the same installers, and system administrators publish them.
 * A slot without a row is "not yet available".
 */
export const downloads = pgTable("downloads", {
  /** One of lib/downloads/slots.ts (kra-web-app, file-watcher-deb ...), validated there. */
  slot: text().primaryKey(),
  fileId: integer()
    .notNull()
    .references(() => files.id),
  /** The release the system admin gave the file, e.g. "2.4.1". */
  version: text(),
  publishedBy: integer().references(() => users.id, { onDelete: "set null" }),
  publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
