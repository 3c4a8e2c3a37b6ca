import { boolean, check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id, tenantRef, timestamps } from "./columns";
import { dataCollections } from "./collections";
import { tenants, users } from "./identity";

/**
 * An assessment (KRA when taxonomy is SUMMATIVE, ELA otherwise), edited by system admins.
 * tenantId null: offered to every tenant; set: that tenant's own assessment.
 */
export const assessments = pgTable(
  "assessments",
  {
    id: id(),
    tenantId: integer().references(() => tenants.id),
    name: text().notNull(),
    description: text(),
    author: text(),
    taxonomy: text().notNull(),
    /** Encapsulated assessments are delivered whole by the KRA/ELA apps, not item by item. */
    isEncapsulated: boolean().notNull().default(false),
    /** Performance levels, cut scores and report bands (a state's choice, so data). */
    configuration: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index("assessments_tenant_idx").on(t.tenantId, t.name)],
);

/** The domain tree of an assessment: LL, MA, SF, PD and their sub-strands. */
export const assessmentHierarchyItems = pgTable(
  "assessment_hierarchy_items",
  {
    id: id(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => assessmentHierarchyItems.id, { onDelete: "cascade" }),
    code: text().notNull(),
    label: text().notNull(),
    description: text(),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("assessment_hierarchy_items_code_key").on(t.assessmentId, t.code)],
);

/** A rating scale: its entries are the values a teacher can give (A-D, 1-5, N, NE, R ...). */
export const scales = pgTable(
  "scales",
  {
    id: id(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: "cascade" }),
    code: text().notNull(),
    label: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("scales_code_key").on(t.assessmentId, t.code)],
);

export const scaleEntries = pgTable(
  "scale_entries",
  {
    id: id(),
    scaleId: integer()
      .notNull()
      .references(() => scales.id, { onDelete: "cascade" }),
    code: text().notNull(),
    label: text().notNull(),
    /** Points the entry counts for; null for codes such as N/NE that are not a rating. */
    score: numeric({ precision: 8, scale: 2 }),
    color: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("scale_entries_code_key").on(t.scaleId, t.code)],
);

export const assessmentItems = pgTable(
  "assessment_items",
  {
    id: id(),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id, { onDelete: "cascade" }),
    hierarchyItemId: integer().references(() => assessmentHierarchyItems.id, { onDelete: "set null" }),
    /** Default scale; a collection item may choose another. */
    scaleId: integer().references(() => scales.id, { onDelete: "set null" }),
    code: text().notNull(),
    label: text().notNull(),
    description: text(),
    /** selected-response, performance-task, observation ... */
    itemType: text(),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("assessment_items_code_key").on(t.assessmentId, t.code), index("assessment_items_hierarchy_idx").on(t.hierarchyItemId)],
);

/** A file attached to an item (picture cards, audio prompts). */
export const assessmentItemResources = pgTable(
  "assessment_item_resources",
  {
    id: id(),
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id, { onDelete: "cascade" }),
    /** Storage key of the file. */
    fileName: text().notNull(),
    originalFileName: text().notNull(),
    sizeBytes: integer().notNull(),
    contentType: text(),
    createdAt: createdAt(),
  },
  (t) => [index("assessment_item_resources_item_idx").on(t.assessmentItemId), check("assessment_item_resources_size_check", sql`${t.sizeBytes} >= 0`)],
);

/** Ordered content of an item: prompts, directions, rubric levels. */
export const assessmentItemEntries = pgTable(
  "assessment_item_entries",
  {
    id: id(),
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id, { onDelete: "cascade" }),
    kind: text().notNull().default("text"),
    label: text(),
    content: text().notNull(),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("assessment_item_entries_item_idx").on(t.assessmentItemId, t.sortOrder)],
);

/** Text a user must accept (per tenant, or for everyone when tenantId is null). */
export const acknowledgements = pgTable(
  "acknowledgements",
  {
    id: id(),
    tenantId: integer().references(() => tenants.id),
    text: text().notNull(),
    /** Shown when a teacher opens a data collection rather than at sign-in. */
    dataCollection: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index("acknowledgements_tenant_idx").on(t.tenantId)],
);

/** Who accepted which acknowledgement, and when. */
export const acknowledgementAcceptances = pgTable(
  "acknowledgement_acceptances",
  {
    id: id(),
    tenantId: integer()
      .notNull()
      .references(() => tenants.id),
    acknowledgementId: integer()
      .notNull()
      .references(() => acknowledgements.id, { onDelete: "cascade" }),
    userId: integer().notNull(),
    /** The collection whose opening asked for it (dataCollection acknowledgements). */
    dataCollectionId: integer(),
    acceptedAt: createdAt(),
  },
  (t) => [
    index("acknowledgement_acceptances_user_idx").on(t.tenantId, t.userId, t.acknowledgementId),
    tenantRef("acknowledgement_acceptances_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
    tenantRef("acknowledgement_acceptances_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);
