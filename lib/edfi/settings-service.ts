import "server-only";
import { sql } from "drizzle-orm";
import { isDeepStrictEqual } from "node:util";
import { db, rows } from "@/db/client";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { forTenant } from "@/lib/platform/tenancy";
import { edfiSettings, type EdfiSettings, type EdfiSettingsInput } from "./settings";

/**
 * The tenant's Ed-Fi settings (tenants.configuration.edfi; lib/edfi/settings.ts): tenant admins read
 * them with the defaults filled in and change the keys they name. Settings that come out the same
 * write nothing; a change is audited with the keys it changed.
 */

export const SETTINGS_SAVED = "Ed-Fi settings saved";

async function storedOf(tenantId: number) {
  const [row] = await rows<{ slug: string; edfi: Record<string, unknown> | null }>(
    db(),
    sql`select slug, configuration -> 'edfi' as edfi from tenants where id = ${tenantId}`,
  );
  return { slug: row.slug, stored: row.edfi && typeof row.edfi === "object" ? row.edfi : {} };
}

/** GET /edfi/settings. */
export async function getEdfiSettings(actor: Actor): Promise<{ settings: EdfiSettings & { id: number } }> {
  authorize(actor, "results.edfiSettings");
  return forTenant(actor, async () => {
    const { slug, stored } = await storedOf(actor.tenantId);
    return { settings: { id: actor.tenantId, ...edfiSettings(slug, stored) } };
  });
}

/** PUT /edfi/settings {namespace?, gradeLevel?, academicSubjects?}. */
export async function saveEdfiSettings(actor: Actor, body: EdfiSettingsInput, origin: AuditOrigin) {
  authorize(actor, "results.edfiSettings");
  return forTenant(actor, async () => {
    const { slug, stored } = await storedOf(actor.tenantId);
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const next = { ...stored, ...given };
    const before = edfiSettings(slug, stored);
    const after = edfiSettings(slug, next);
    if (isDeepStrictEqual(before, after)) return { message: SETTINGS_SAVED, settings: { id: actor.tenantId, ...before } };
    await db().execute(
      sql`update tenants set configuration = jsonb_set(coalesce(configuration, '{}'::jsonb), '{edfi}', ${JSON.stringify(next)}::jsonb), updated_at = now()
        where id = ${actor.tenantId}`,
    );
    const changed = (Object.keys(after) as (keyof EdfiSettings)[]).filter((k) => !isDeepStrictEqual(before[k], after[k]));
    await writeAudit(actor, [{ action: "update", entityType: "edfi_settings", entityId: actor.tenantId, details: { fields: changed } }], origin);
    return { message: SETTINGS_SAVED, settings: { id: actor.tenantId, ...after } };
  });
}
