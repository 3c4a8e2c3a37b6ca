import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, tenantId, tenantKey, tenantRef, timestamps } from "./columns";
import { roleEnum } from "./identity";

/** An outside system (student information system, vendor app) allowed to call a tenant's API. */
export const tenantIntegrations = pgTable(
  "tenant_integrations",
  {
    id: id(),
    tenantId: tenantId(),
    /**
     * Hex SHA-256 of the token the integration presents (as auth_tokens): the server hashes what it
     * is given and looks the hash up, so a database leak hands out no working credential.
     */
    tokenHash: text().notNull(),
    description: text(),
    clientId: text().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tenant_integrations_client_key").on(t.tenantId, t.clientId),
    uniqueIndex("tenant_integrations_token_hash_key").on(t.tokenHash),
    tenantKey("tenant_integrations", t),
  ],
);

/** A licence an integration holds, granting one role. */
export const tenantIntegrationLicenses = pgTable(
  "tenant_integration_licenses",
  {
    id: id(),
    tenantId: tenantId(),
    tenantIntegrationId: integer().notNull(),
    licenseId: text().notNull(),
    role: roleEnum().notNull(),
    ...timestamps,
  },
  (t) => [
    index("tenant_integration_licenses_integration_idx").on(t.tenantId, t.tenantIntegrationId),
    uniqueIndex("tenant_integration_licenses_grant_key").on(t.tenantId, t.tenantIntegrationId, t.licenseId, t.role),
    tenantRef("tenant_integration_licenses_integration_fk", [t.tenantId, t.tenantIntegrationId], tenantIntegrations).onDelete("cascade"),
  ],
);
