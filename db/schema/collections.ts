import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { assessmentHierarchyItems, assessmentItems, assessments, scales } from "./assessments";
import { createdAt, id, tenantId, tenantKey, tenantRef, timestamps, timestamptz } from "./columns";
import { users } from "./identity";
import { districts, locations, regions } from "./organisations";

/** A school year (global: the same calendar for every tenant), created by system admins. */
export const schoolYears = pgTable(
  "school_years",
  {
    id: id(),
    label: text().notNull().unique(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }).notNull(),
    ...timestamps,
  },
  (t) => [check("school_years_dates_check", sql`${t.endDate} > ${t.startDate}`)],
);

/** One assessment window of a tenant: KRA once a year, ELA several checkpoints. */
export const dataCollections = pgTable(
  "data_collections",
  {
    id: id(),
    tenantId: tenantId(),
    schoolYearId: integer()
      .notNull()
      .references(() => schoolYears.id),
    assessmentId: integer()
      .notNull()
      .references(() => assessments.id),
    /** An ELA checkpoint's parent collection (spec: parentDataCollectionId). */
    parentDataCollectionId: integer(),
    collectionName: text().notNull(),
    cycleStartDate: timestamptz().notNull(),
    cycleEndDate: timestamptz().notNull(),
    enrollmentEndDate: timestamptz().notNull(),
    dataDisplaysDate: timestamptz(),
    reportAccessDate: timestamptz(),
    isrAccessDate: timestamptz(),
    omrAccessDate: timestamptz(),
    isrTeacherDate: timestamptz(),
    /** Blank the students' assignment tokens for everyone but tenant admins. */
    hideToken: boolean().notNull().default(false),
    /** Scoring rules of the window (roll-ups, cut scores), JSON as the spec sends it. */
    scoring: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdBy: integer(),
    deletedAt: timestamptz(),
    ...timestamps,
  },
  (t) => [
    index("data_collections_tenant_idx").on(t.tenantId, t.schoolYearId, t.cycleStartDate),
    index("data_collections_parent_idx").on(t.tenantId, t.parentDataCollectionId),
    check("data_collections_cycle_check", sql`${t.cycleEndDate} >= ${t.cycleStartDate}`),
    tenantKey("data_collections", t),
    tenantRef("data_collections_parent_fk", [t.tenantId, t.parentDataCollectionId], t),
    tenantRef("data_collections_created_by_fk", [t.tenantId, t.createdBy], users).onDelete("set null"),
  ],
);

/** An item of the assessment as used in one collection, with its scale and materials. */
export const dataCollectionItems = pgTable(
  "data_collection_items",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id),
    hierarchyItemId: integer().references(() => assessmentHierarchyItems.id),
    scaleId: integer().references(() => scales.id),
    materials: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("data_collection_items_key").on(t.tenantId, t.dataCollectionId, t.assessmentItemId),
    tenantRef("data_collection_items_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);

/** An item set: the items a teacher gives together, with a priority. */
export const dataCollectionSets = pgTable(
  "data_collection_sets",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    label: text().notNull(),
    code: text(),
    priority: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("data_collection_sets_collection_idx").on(t.tenantId, t.dataCollectionId, t.priority),
    tenantKey("data_collection_sets", t),
    tenantRef("data_collection_sets_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);

export const dataCollectionSetItems = pgTable(
  "data_collection_set_items",
  {
    id: id(),
    tenantId: tenantId(),
    setId: integer().notNull(),
    /** spec: parentAssessmentItemId. */
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id),
    label: text(),
    code: text(),
    priority: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("data_collection_set_items_key").on(t.tenantId, t.setId, t.assessmentItemId),
    tenantRef("data_collection_set_items_set_fk", [t.tenantId, t.setId], dataCollectionSets).onDelete("cascade"),
  ],
);

/** Accommodations offered in a collection (sign language, enlarged print ...). */
export const dataCollectionSupports = pgTable(
  "data_collection_supports",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    label: text().notNull(),
    code: text(),
    ...timestamps,
  },
  (t) => [
    index("data_collection_supports_collection_idx").on(t.tenantId, t.dataCollectionId),
    tenantKey("data_collection_supports", t),
    tenantRef("data_collection_supports_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);

/** Organisations a collection is assigned to; a region or district covers what lies under it. */
export const dataCollectionRegionAssignments = pgTable(
  "data_collection_region_assignments",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    regionId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("data_collection_region_assignments_key").on(t.tenantId, t.dataCollectionId, t.regionId),
    tenantRef("data_collection_region_assignments_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("data_collection_region_assignments_region_fk", [t.tenantId, t.regionId], regions),
  ],
);

export const dataCollectionDistrictAssignments = pgTable(
  "data_collection_district_assignments",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    districtId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("data_collection_district_assignments_key").on(t.tenantId, t.dataCollectionId, t.districtId),
    tenantRef("data_collection_district_assignments_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("data_collection_district_assignments_district_fk", [t.tenantId, t.districtId], districts),
  ],
);

export const dataCollectionLocationAssignments = pgTable(
  "data_collection_location_assignments",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    locationId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("data_collection_location_assignments_key").on(t.tenantId, t.dataCollectionId, t.locationId),
    index("data_collection_location_assignments_location_idx").on(t.tenantId, t.locationId),
    tenantRef("data_collection_location_assignments_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("data_collection_location_assignments_location_fk", [t.tenantId, t.locationId], locations),
  ],
);

/** Locations taking part in a collection's field test. */
export const dataCollectionFieldTests = pgTable(
  "data_collection_field_tests",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    locationId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("data_collection_field_tests_key").on(t.tenantId, t.dataCollectionId, t.locationId),
    tenantRef("data_collection_field_tests_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("data_collection_field_tests_location_fk", [t.tenantId, t.locationId], locations),
  ],
);
