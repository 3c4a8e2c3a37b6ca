import "server-only";
import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "@/db/client";
import { ROLES, tenantIntegrationLicenses, tenantIntegrations, tenants } from "@/db/schema";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { badRequest, notFound } from "@/lib/platform/errors";
import type { CreateIntegration, CreateLicense, UpdateIntegration } from "./admin-schemas";
import { auditSystem, changedFields, mapDuplicate, systemWork } from "./change";

/*
 * Tenant integrations (outside systems calling a tenant's API) and their licenses. The token is
 * stored as its SHA-256 only (as the integration lookup expects) and never answered.
 */

/** The roles a license may grant (the license editor's choices). */
export const LICENSE_ROLES: readonly string[] = ROLES;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");
const integrationColumns = {
  id: tenantIntegrations.id,
  tenantId: tenantIntegrations.tenantId,
  description: tenantIntegrations.description,
  clientId: tenantIntegrations.clientId,
};
const licenseColumns = {
  id: tenantIntegrationLicenses.id,
  tenantIntegrationId: tenantIntegrationLicenses.tenantIntegrationId,
  tenantId: tenantIntegrationLicenses.tenantId,
  licenseId: tenantIntegrationLicenses.licenseId,
  role: tenantIntegrationLicenses.role,
};
const duplicateClient = mapDuplicate("clientId", "This tenant already has an integration with this client id");
const duplicateToken = mapDuplicate("token", "Choose another token");

/** GET /tenant-integrations?tenantId: the tenant's integrations, each with its licenses; an unknown tenant is 404. */
export function listIntegrations(actor: Actor, tenantId: number) {
  return acrossTenants(actor, "system.integrations", "system: a tenant's integrations", async () => {
    const rows = await db()
      .select(integrationColumns)
      .from(tenantIntegrations)
      .where(eq(tenantIntegrations.tenantId, tenantId))
      .orderBy(asc(tenantIntegrations.id));
    if (rows.length === 0) {
      const [tenant] = await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
      if (!tenant) throw notFound("Tenant not found");
    }
    const licenses = rows.length
      ? await db()
          .select(licenseColumns)
          .from(tenantIntegrationLicenses)
          .where(
            and(
              eq(tenantIntegrationLicenses.tenantId, tenantId),
              inArray(
                tenantIntegrationLicenses.tenantIntegrationId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(tenantIntegrationLicenses.id))
      : [];
    return rows.map((r) => ({ ...r, licenses: licenses.filter((l) => l.tenantIntegrationId === r.id) }));
  });
}

/** POST /tenant-integrations {tenantId, token, description, clientId}: answers the new id. */
export function createIntegration(actor: Actor, input: CreateIntegration, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.integrations", "system: create a tenant integration", async () => {
    const [tenant] = await db().select({ id: tenants.id }).from(tenants).where(eq(tenants.id, input.tenantId));
    if (!tenant) throw notFound("Tenant not found");
    const [row] = await db()
      .insert(tenantIntegrations)
      .values({ tenantId: tenant.id, tokenHash: tokenHash(input.token), description: input.description, clientId: input.clientId })
      .returning({ id: tenantIntegrations.id })
      .catch((error: unknown) => duplicateClient(error));
    await auditSystem(actor, "create", "tenant_integration", row.id, { tenantId: tenant.id, clientId: input.clientId }, origin);
    return { id: row.id };
  });
}

/** PUT /tenant-integrations/{id}: description, client id, or a new token. */
export function updateIntegration(actor: Actor, id: number, input: UpdateIntegration, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.integrations", "system: update a tenant integration", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    const { token, ...values } = input;
    const [row] = await db()
      .update(tenantIntegrations)
      .set({ ...values, ...(token ? { tokenHash: tokenHash(token) } : {}), updatedAt: new Date() })
      .where(eq(tenantIntegrations.id, id))
      .returning(integrationColumns)
      .catch((error: unknown) => (token ? duplicateToken(error) : duplicateClient(error)));
    if (!row) throw notFound("Integration not found");
    await auditSystem(actor, "update", "tenant_integration", id, { tenantId: row.tenantId, fields }, origin);
    return { id };
  });
}

/**
 * POST /tenant-integration-licenses: one license (a role) for one integration. The integration must
 * be the named tenant's (404 otherwise); the same license and role twice is a 409.
 */
export function createLicense(actor: Actor, input: CreateLicense, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.integrations", "system: grant an integration license", async () => {
    const [integration] = await db()
      .select({ id: tenantIntegrations.id })
      .from(tenantIntegrations)
      .where(and(eq(tenantIntegrations.tenantId, input.tenantId), eq(tenantIntegrations.id, input.tenantIntegrationId)));
    if (!integration) throw notFound("Integration not found");
    const [row] = await db()
      .insert(tenantIntegrationLicenses)
      .values(input)
      .returning(licenseColumns)
      .catch(mapDuplicate("licenseId", `License ${input.licenseId} already grants ${input.role}`));
    await auditSystem(
      actor,
      "create",
      "tenant_integration_license",
      row.id,
      { tenantId: input.tenantId, tenantIntegrationId: input.tenantIntegrationId, role: input.role },
      origin,
    );
    return row;
  });
}

/** DELETE /tenant-integration-licenses/{id}. */
export function deleteLicense(actor: Actor, id: number, origin: AuditOrigin = {}) {
  return systemWork(actor, "system.integrations", "system: revoke an integration license", async () => {
    const [row] = await db().delete(tenantIntegrationLicenses).where(eq(tenantIntegrationLicenses.id, id)).returning(licenseColumns);
    if (!row) throw notFound("License not found");
    await auditSystem(
      actor,
      "delete",
      "tenant_integration_license",
      id,
      { tenantId: row.tenantId, tenantIntegrationId: row.tenantIntegrationId, role: row.role },
      origin,
    );
    return { id };
  });
}
