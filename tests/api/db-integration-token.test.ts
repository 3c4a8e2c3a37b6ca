import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import { applyMigrations, migrationsFolder } from "@/db/migrate";
import { tenantIntegrations } from "@/db/schema";
import { createEmptyDatabase, dbFailure } from "../support/database";
import { makeTenant } from "../support/factories";

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");
const scratch = mkdtempSync(path.join(os.tmpdir(), "ap-migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the migrations folder that stops before the migration tagged `tag`. */
function migrationsBefore(tag: string): string {
  const folder = path.join(scratch, tag);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string; idx: number }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe("tenant integration tokens", () => {
  it("are stored only as their SHA-256: no plain token column; a presented token is found by its hash", async () => {
    const columns = await rows<{ column_name: string }>(db(), sql`select column_name from information_schema.columns where table_name = 'tenant_integrations'`);
    expect(columns.map((c) => c.column_name)).not.toContain("token");
    const tenant = await makeTenant();
    const token = "sis-vendor-secret-0123456789";
    await db()
      .insert(tenantIntegrations)
      .values({ tenantId: tenant.id, clientId: "sis", tokenHash: sha256(token) });
    const [found] = await db()
      .select()
      .from(tenantIntegrations)
      .where(eq(tenantIntegrations.tokenHash, sha256(token)));
    expect(found).toMatchObject({ tenantId: tenant.id, clientId: "sis" });
    const again = await dbFailure(() =>
      db()
        .insert(tenantIntegrations)
        .values({ tenantId: tenant.id, clientId: "other", tokenHash: sha256(token) }),
    );
    expect(again?.code).toBe("23505");
  });

  it("issued before the change keep working: the migration hashes them in place", { timeout: 120_000 }, async () => {
    const empty = await createEmptyDatabase();
    try {
      await applyMigrations(empty.handle, migrationsBefore("0006_integration_token_hash"));
      const [tenant] = await rows<{ id: number }>(empty.handle.db, sql`insert into tenants (name, slug) values ('Old', 'old') returning id`);
      await empty.handle.db.execute(sql`insert into tenant_integrations (tenant_id, client_id, token) values (${tenant.id}, 'sis', 'issued-long-ago')`);
      await applyMigrations(empty.handle);
      const stored = await rows<Record<string, unknown>>(empty.handle.db, sql`select * from tenant_integrations`);
      expect(stored).toHaveLength(1);
      expect(stored[0].token_hash).toBe(sha256("issued-long-ago"));
      expect(stored[0]).not.toHaveProperty("token");
    } finally {
      await empty.drop();
    }
  });
});
