import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { id, tenantId, tenantKey, tenantRef, timestamps } from "./columns";
import { users } from "./identity";

/** A tenant's regions, the top of region > district > location. */
export const regions = pgTable(
  "regions",
  {
    id: id(),
    tenantId: tenantId(),
    name: text().notNull(),
    /** The state's own code for the organisation. */
    uniqueId: text(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("regions_tenant_idx").on(t.tenantId, t.active, t.name),
    uniqueIndex("regions_unique_id_key").on(t.tenantId, t.uniqueId),
    tenantKey("regions", t),
  ],
);

export const districts = pgTable(
  "districts",
  {
    id: id(),
    tenantId: tenantId(),
    regionId: integer().notNull(),
    name: text().notNull(),
    uniqueId: text(),
    /** Census districts report on every child they serve (spec: is_census). */
    isCensus: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("districts_region_idx").on(t.tenantId, t.regionId, t.active, t.name),
    uniqueIndex("districts_unique_id_key").on(t.tenantId, t.uniqueId),
    tenantKey("districts", t),
    tenantRef("districts_region_fk", [t.tenantId, t.regionId], regions),
  ],
);

/** A school or early-learning site. Deleting one is a soft delete: active becomes false. */
export const locations = pgTable(
  "locations",
  {
    id: id(),
    tenantId: tenantId(),
    districtId: integer().notNull(),
    name: text().notNull(),
    uniqueId: text(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("locations_district_idx").on(t.tenantId, t.districtId, t.active, t.name),
    uniqueIndex("locations_unique_id_key").on(t.tenantId, t.uniqueId),
    tenantKey("locations", t),
    tenantRef("locations_district_fk", [t.tenantId, t.districtId], districts),
  ],
);

/** A district's automated data feed (FTP drop), one per district. */
export const districtDataIntegrations = pgTable(
  "district_data_integrations",
  {
    id: id(),
    tenantId: tenantId(),
    districtId: integer().notNull(),
    active: boolean().notNull().default(true),
    /** FTP host, port, protocol, folder and user name; the password is never stored here. */
    ftpInfo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The FTP password, AES-256-GCM encrypted (migration 0023); never answered. */
    ftpPasswordEncrypted: text(),
    /** The feed's last run, for ftp.json (written by the feed). */
    lastRunAt: timestamp({ withTimezone: true }),
    lastRunStatus: text({ enum: ["succeeded", "failed"] }),
    lastRunMessage: text(),
    /** OneRoster 1.2 REST provider: token URL, client id, base URL (migration 0039). */
    onerosterInfo: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The provider's client secret, sealed as the FTP password is; never answered. */
    onerosterSecretEncrypted: text(),
    /** When the provider was last named anew (base URL or client changed, turned back on): pulls started before it no longer count (migration 0040). */
    onerosterRestartedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("district_data_integrations_last_run_status_check", sql`${t.lastRunStatus} in ('succeeded', 'failed')`),
    uniqueIndex("district_data_integrations_district_key").on(t.tenantId, t.districtId),
    tenantKey("district_data_integrations", t),
    tenantRef("district_data_integrations_district_fk", [t.tenantId, t.districtId], districts),
  ],
);

/** People told about a district integration's runs. */
export const districtDataIntegrationUsers = pgTable(
  "district_data_integration_users",
  {
    id: id(),
    tenantId: tenantId(),
    integrationId: integer().notNull(),
    userId: integer().notNull(),
  },
  (t) => [
    uniqueIndex("district_data_integration_users_key").on(t.tenantId, t.integrationId, t.userId),
    tenantRef("district_data_integration_users_integration_fk", [t.tenantId, t.integrationId], districtDataIntegrations).onDelete("cascade"),
    tenantRef("district_data_integration_users_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);

export const TENANT_FIELD_TYPES = ["custom", "standard"] as const;
export const tenantFieldTypeEnum = pgEnum("tenant_field_type", TENANT_FIELD_TYPES);
export const TENANT_FIELD_DATA_TYPES = ["text", "number", "select", "date", "boolean"] as const;
export const tenantFieldDataTypeEnum = pgEnum("tenant_field_data_type", TENANT_FIELD_DATA_TYPES);

/**
 * A tenant's label and rules for a field of an entity, e.g. StudentsEnrollments.input_1.
 * Custom fields give meaning to the enrollment's input_1..10 and option_1..10 slots.
 */
export const tenantFields = pgTable(
  "tenant_fields",
  {
    id: id(),
    tenantId: tenantId(),
    entity: text().notNull(),
    entityField: text().notNull(),
    tenantFieldType: tenantFieldTypeEnum().notNull().default("custom"),
    label: text().notNull(),
    dataType: tenantFieldDataTypeEnum().notNull().default("text"),
    /** Choices of a select field. */
    options: jsonb().$type<{ value: string; label: string }[]>().notNull().default([]),
    required: boolean().notNull().default(false),
    /** Whether the value must be unique in the tenant (the student state id rule). */
    mustBeUnique: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("tenant_fields_key").on(t.tenantId, t.entity, t.entityField)],
);

/** Global lookup: the ten race codes; a student's race is the sum (bitwise or) of their bits. */
export const raceCodes = pgTable(
  "race_codes",
  {
    id: id(),
    code: text().notNull().unique(),
    label: text().notNull(),
    bitValue: integer().notNull().unique(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [check("race_codes_bit_value_check", sql`${t.bitValue} in (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)`)],
);
