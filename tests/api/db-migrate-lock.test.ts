import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, rows } from "@/db/client";
import { applyMigrations, migrationsFolder } from "@/db/migrate";
import { createEmptyDatabase } from "../support/database";

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };

describe("migrations at start-up", () => {
  it("two instances starting together on a fresh database both succeed, and each migration runs once", { timeout: 120_000 }, async () => {
    const empty = await createEmptyDatabase();
    // A second instance: its own pool on PostgreSQL; the one embedded engine on PGlite.
    const other = empty.url ? openDatabase({ url: empty.url, max: 5 }) : empty.handle;
    try {
      await Promise.all([applyMigrations(empty.handle), applyMigrations(other)]);
      const applied = await rows<{ n: number }>(empty.handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied[0].n).toBe(journal.entries.length);
      const codes = await rows<{ n: number }>(empty.handle.db, sql`select count(*)::int as n from race_codes`);
      expect(codes[0].n).toBe(10);
    } finally {
      if (other !== empty.handle) await other.close();
      await empty.drop();
    }
  });
});
