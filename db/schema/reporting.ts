import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { dataCollections, schoolYears } from "./collections";
import { createdAt, id, tenantId, tenantKey, tenantRef, timestamps, timestamptz } from "./columns";
import { users } from "./identity";
import { students } from "./students";

/** Life of an asynchronous job (report, ISR batch, bulk load); clients poll until 'complete'. */
export const JOB_STATUSES = ["queued", "in_progress", "complete", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const jobStatusEnum = pgEnum("job_status", JOB_STATUSES);

export const FILTER_TYPES = ["DATA_FILTERS", "VIEW_SETTINGS_FILTERS", "VISIBLE_ITEMS_FILTERS", "CUSTOM_LISTS_FILTERS", "OTHER_FILTERS"] as const;
export const filterTypeEnum = pgEnum("filter_type", FILTER_TYPES);

/** A user's saved data-display filter; metadata holds filterType, fromDate, toDate and the rest. */
export const dataDisplayFilters = pgTable(
  "data_display_filters",
  {
    id: id(),
    tenantId: tenantId(),
    userId: integer().notNull(),
    dataCollectionId: integer().notNull(),
    name: text().notNull(),
    color: text(),
    filterType: filterTypeEnum().notNull(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index("data_display_filters_owner_idx").on(t.tenantId, t.userId, t.dataCollectionId),
    tenantRef("data_display_filters_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
    tenantRef("data_display_filters_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);

/** A period of a collection shown as a band in data displays. */
export const checkpointPeriods = pgTable(
  "checkpoint_periods",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    label: text().notNull(),
    color: text().notNull(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    ...timestamps,
  },
  (t) => [
    index("checkpoint_periods_collection_idx").on(t.tenantId, t.dataCollectionId),
    tenantRef("checkpoint_periods_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);

/** A requested report (kra.ssr, ela.setcompletion ...) and its result file. */
export const reports = pgTable(
  "reports",
  {
    id: id(),
    tenantId: tenantId(),
    kind: text().notNull(),
    status: jobStatusEnum().notNull().default("queued"),
    dataCollectionId: integer(),
    schoolYearId: integer().references(() => schoolYears.id),
    requestedBy: integer(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    requestData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    s3ResultsFileName: text(),
    errors: jsonb().$type<string[]>(),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    ...timestamps,
  },
  (t) => [
    index("reports_requester_idx").on(t.tenantId, t.requestedBy, t.createdAt),
    index("reports_status_idx").on(t.tenantId, t.status, t.createdAt),
    tenantRef("reports_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("reports_requested_by_fk", [t.tenantId, t.requestedBy], users).onDelete("set null"),
  ],
);

/** A batch of generated documents for a collection (ISRs, rating sheets). */
export const outputs = pgTable(
  "outputs",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    type: text().notNull(),
    status: jobStatusEnum().notNull().default("queued"),
    requestedBy: integer(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    requestData: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Storage key of the combined PDF. */
    fileName: text(),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    ...timestamps,
  },
  (t) => [
    index("outputs_collection_idx").on(t.tenantId, t.dataCollectionId, t.createdAt),
    index("outputs_status_idx").on(t.tenantId, t.status, t.createdAt),
    tenantKey("outputs", t),
    tenantRef("outputs_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("outputs_requested_by_fk", [t.tenantId, t.requestedBy], users).onDelete("set null"),
  ],
);

export const OUTPUT_STATUSES = ["No ISR", "Generated", "Deleted"] as const;
export type OutputStatus = (typeof OUTPUT_STATUSES)[number];

/** One child's ISR in a collection: No ISR, then Generated, then Deleted after clearing. */
export const studentOutputs = pgTable(
  "student_outputs",
  {
    id: id(),
    tenantId: tenantId(),
    outputId: integer(),
    studentId: integer().notNull(),
    dataCollectionId: integer().notNull(),
    status: jobStatusEnum().notNull().default("queued"),
    outputStatus: text().notNull().default("No ISR"),
    fileName: text(),
    /** 'en' or 'es': the language the ISR is written in (chosen per request). */
    language: text().notNull().default("en"),
    /** The enrollment whose stored results the ISR shows. */
    studentEnrollmentId: integer(),
    generatedAt: timestamptz(),
    /** Times the row moved to 'complete': 1 once generated, whatever the redeliveries (migration 0021). */
    generations: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index("student_outputs_output_status_idx").on(t.tenantId, t.outputId, t.status),
    check("student_outputs_language_check", sql`${t.language} in ('en', 'es')`),
    index("student_outputs_collection_idx").on(t.tenantId, t.dataCollectionId, t.studentId),
    index("student_outputs_student_idx").on(t.tenantId, t.studentId),
    index("student_outputs_output_idx").on(t.tenantId, t.outputId),
    check("student_outputs_output_status_check", sql`${t.outputStatus} in ('No ISR', 'Generated', 'Deleted')`),
    tenantRef("student_outputs_output_fk", [t.tenantId, t.outputId], outputs).onDelete("set null"),
    tenantRef("student_outputs_student_fk", [t.tenantId, t.studentId], students).onDelete("cascade"),
    tenantRef("student_outputs_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);
