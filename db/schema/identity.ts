import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenantKey, tenantRef } from "./columns";

export const ROLES = [
  "ROLE_ADMIN",
  "ROLE_SYSTEM_ADMIN",
  "ROLE_TEACHER",
  "ROLE_TRAINER",
  "ROLE_TENANT_ADMIN",
  "ROLE_DATA_MANAGER",
  "ROLE_HELPDESK",
  "ROLE_HELPDESK_ADMIN",
] as const;
export type Role = (typeof ROLES)[number];
export const roleEnum = pgEnum("role", ROLES);

export const FEATURES = [
  "CAPTURE_MILESTONE",
  "CAS4_ACCESS",
  "CAS4_DATA_DISPLAYS",
  "CAS4_ADMIN_DOWNLOADS",
  "DATA_INTEGRATIONS",
  "ELA_SKB_RATINGS_SCALE_SCORE_OPTION",
  "KRA_APP_CAPTURE_RATINGS_SHEET",
  "TENANT_ADMIN_PORTAL",
] as const;
export const featureEnum = pgEnum("feature", FEATURES);

export const ORG_TYPES = ["region", "district", "location"] as const;
export type OrgType = (typeof ORG_TYPES)[number];
export const orgTypeEnum = pgEnum("org_type", ORG_TYPES);

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A state programme. */
export const tenants = pgTable("tenants", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  /** First label of the host name that selects this tenant ("maryland" in maryland.example.org). */
  slug: text().notNull().unique(),
  logoUrl: text(),
  subLogoUrl: text(),
  welcomeMessage: text(),
  ruleset: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  configuration: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

/** Further host prefixes that select a tenant (one alias maps to Maryland). */
export const tenantHostAliases = pgTable(
  "tenant_host_aliases",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    hostPrefix: text().notNull().unique(),
  },
  (t) => [index("tenant_host_aliases_tenant_idx").on(t.tenantId)],
);

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    /** Email-shaped sign-in name, stored lower-cased. */
    username: text().notNull(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** argon2id; null until the person completes registration. */
    passwordHash: text(),
    enabled: boolean().notNull().default(true),
    locked: boolean().notNull().default(false),
    expired: boolean().notNull().default(false),
    tenantMemberId: text(),
    disableTransferEmails: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    index("users_tenant_idx").on(t.tenantId, t.lastName, t.firstName),
    index("users_tenant_member_idx").on(t.tenantId, t.tenantMemberId),
    index("users_name_lower_idx").on(t.tenantId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index("users_first_name_lower_idx").on(t.tenantId, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`),
    index("users_email_lower_idx").on(t.tenantId, sql`lower(${t.email})`),
    tenantKey("users", t),
  ],
);

export const userRoles = pgTable(
  "user_roles",
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: integer().notNull(),
    role: roleEnum().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    index("user_roles_tenant_idx").on(t.tenantId, t.role),
    tenantRef("user_roles_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);

export const userFeatures = pgTable(
  "user_features",
  {
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: integer().notNull(),
    feature: featureEnum().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.feature] }),
    index("user_features_tenant_idx").on(t.tenantId, t.feature),
    tenantRef("user_features_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);

/**
 * A user's link to a region, district or location. parentId points at the row of the table
 * orgType names (polymorphic, so no foreign key); administrative makes the user an admin there.
 */
export const userOrganizations = pgTable(
  "user_organizations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: integer().notNull(),
    orgType: orgTypeEnum().notNull(),
    parentId: integer().notNull(),
    administrative: boolean().notNull().default(false),
    memberUniqueId: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("user_organizations_member_key").on(t.userId, t.orgType, t.parentId),
    index("user_organizations_org_idx").on(t.tenantId, t.orgType, t.parentId),
    tenantRef("user_organizations_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);

/** Server-side record of each sign-in, so logout and impersonation end can revoke a token. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    userId: integer().notNull(),
    /** The admin who started impersonation; the session acts as userId. */
    impersonatorId: integer(),
    /** The admin's own session, restored when impersonation ends. */
    parentSessionId: uuid(),
    activeRole: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ipAddress: text(),
    userAgent: text(),
  },
  (t) => [
    index("auth_sessions_user_idx").on(t.tenantId, t.userId),
    tenantRef("auth_sessions_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
    tenantRef("auth_sessions_impersonator_fk", [t.tenantId, t.impersonatorId], users).onDelete("cascade"),
  ],
);
