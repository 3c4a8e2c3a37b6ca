import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { dataCollections } from "./collections";
import { createdAt, id, tenantId, tenantKey, tenantRef, timestamps, timestamptz } from "./columns";
import { users } from "./identity";
import { districts } from "./organisations";

/**
 * Where a tenant (district_id null: the state) or a district sends its Ed-Fi results: an Ed-Fi
 * ODS/API with OAuth client credentials (migration 0037; docs/integrations.md 'Sending to an Ed-Fi
 * ODS/API'). The secret is AES-256-GCM encrypted (lib/organisations/integration-secret.ts), never answered.
 */
export const edfiConnections = pgTable(
  "edfi_connections",
  {
    id: id(),
    tenantId: tenantId(),
    districtId: integer(),
    /** The ODS/API's data root, e.g. https://ods.example.org/data/v3 (resources under /ed-fi/...). */
    baseUrl: text().notNull(),
    tokenUrl: text().notNull(),
    clientId: text().notNull(),
    clientSecretEncrypted: text().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("edfi_connections_scope_key").on(t.tenantId, sql`coalesce(${t.districtId}, 0)`),
    tenantKey("edfi_connections", t),
    tenantRef("edfi_connections_district_fk", [t.tenantId, t.districtId], districts).onDelete("cascade"),
  ],
);

export const EDFI_RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;

/** One sending of a collection's results through a connection: its outcome and counts (the run history). */
export const edfiRuns = pgTable(
  "edfi_runs",
  {
    id: id(),
    tenantId: tenantId(),
    connectionId: integer().notNull(),
    dataCollectionId: integer().notNull(),
    requestedBy: integer(),
    status: text({ enum: EDFI_RUN_STATUSES }).notNull().default("queued"),
    /** Records the ODS/API accepted (created or updated), and refused (4xx), over all resources. */
    sent: integer().notNull().default(0),
    refused: integer().notNull().default(0),
    /** The first refusals: resource, our key (no personal value) and the HTTP status. */
    refusals: jsonb().$type<{ resource: string; key: string; status: number }[]>().notNull().default([]),
    attempts: integer().notNull().default(0),
    message: text(),
    createdAt: createdAt(),
    startedAt: timestamptz(),
    finishedAt: timestamptz(),
  },
  (t) => [
    check("edfi_runs_status_check", sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
    index("edfi_runs_collection_idx").on(t.tenantId, t.dataCollectionId, t.createdAt),
    tenantKey("edfi_runs", t),
    tenantRef("edfi_runs_connection_fk", [t.tenantId, t.connectionId], edfiConnections).onDelete("cascade"),
    tenantRef("edfi_runs_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("edfi_runs_requested_by_fk", [t.tenantId, t.requestedBy], users).onDelete("set null"),
  ],
);
