import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { assessmentItems, scaleEntries } from "./assessments";
import { dataCollections } from "./collections";
import { locations } from "./organisations";
import { createdAt, id, tenantId, tenantKey, tenantRef, timestamps, timestamptz } from "./columns";
import { users } from "./identity";
import { studentEnrollments, students } from "./students";

/**
 * A grade: one scale entry for one item of one enrollment in one collection (~4 million rows
 * in a state). The key leads with (tenant, collection, enrollment) so "scores of a collection at
 * a location" is an index join from the location's enrollments, and counts per collection are
 * index-only scans.
 */
export const scores = pgTable(
  "scores",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    studentEnrollmentId: integer().notNull(),
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id),
    scaleEntryId: integer()
      .notNull()
      .references(() => scaleEntries.id),
    comment: text(),
    enteredBy: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("scores_key").on(t.tenantId, t.dataCollectionId, t.studentEnrollmentId, t.assessmentItemId),
    // Item first: for one child's grades (tenant, collection, enrollment) it must never tie with the key (migration 0032).
    index("scores_item_idx").on(t.tenantId, t.assessmentItemId, t.dataCollectionId),
    tenantKey("scores", t),
    tenantRef("scores_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("scores_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments).onDelete("cascade"),
    tenantRef("scores_entered_by_fk", [t.tenantId, t.enteredBy], users).onDelete("set null"),
  ],
);

/** Evidence of a grade: photo, work sample, note or audio file in storage. */
export const scoreArtifacts = pgTable(
  "score_artifacts",
  {
    id: id(),
    tenantId: tenantId(),
    scoreId: integer().notNull(),
    /** Storage key of the file. */
    fileName: text().notNull(),
    originalFileName: text().notNull(),
    sizeBytes: bigint({ mode: "number" }).notNull(),
    contentType: text(),
    uploadedBy: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index("score_artifacts_score_idx").on(t.tenantId, t.scoreId),
    check("score_artifacts_size_check", sql`${t.sizeBytes} >= 0`),
    tenantRef("score_artifacts_score_fk", [t.tenantId, t.scoreId], scores).onDelete("cascade"),
    tenantRef("score_artifacts_uploaded_by_fk", [t.tenantId, t.uploadedBy], users).onDelete("set null"),
  ],
);

export const SCORE_ACTIONS = ["create", "update", "delete"] as const;
export const scoreActionEnum = pgEnum("score_action", SCORE_ACTIONS);

/**
 * Append-only history of every grade change (the spec's grade history). Keeps no foreign key to
 * scores: a deleted grade's history stays. A trigger refuses UPDATE, DELETE and TRUNCATE, and no
 * foreign key into it cascades or sets null (migration 0002): deleting a parent with history fails.
 */
export const scoreHistory = pgTable(
  "score_history",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantId(),
    scoreId: integer().notNull(),
    dataCollectionId: integer().notNull(),
    studentEnrollmentId: integer().notNull(),
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id),
    scaleEntryId: integer().references(() => scaleEntries.id),
    comment: text(),
    action: scoreActionEnum().notNull(),
    changedBy: integer(),
    changedAt: createdAt(),
    /** The client's idempotency key of the change: a replayed change (offline queue) is applied once. */
    requestKey: text(),
  },
  (t) => [
    index("score_history_enrollment_idx").on(t.tenantId, t.dataCollectionId, t.studentEnrollmentId, t.assessmentItemId, t.changedAt),
    uniqueIndex("score_history_request_key")
      .on(t.tenantId, t.requestKey)
      .where(sql`${t.requestKey} is not null`),
    tenantRef("score_history_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections),
    tenantRef("score_history_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments),
    tenantRef("score_history_changed_by_fk", [t.tenantId, t.changedBy], users),
  ],
);

/**
 * A child's results in a collection, kept by the database: triggers on scores call
 * refresh_student_results (migration 0009) in the transaction that changes them, so completion,
 * progress rows, displays and ISRs read one row per child instead of counting scores.
 */
export const studentResults = pgTable(
  "student_results",
  {
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    studentEnrollmentId: integer().notNull(),
    /** Scores on the collection's items (codes such as N count: the item was given). */
    scoredItems: integer().notNull().default(0),
    totalItems: integer().notNull().default(0),
    /** 0-100; stored as 100 once every item is scored (spec §9). */
    progress: integer().notNull().default(0),
    /** Domain code -> scale score, for the domains whose items are all scored. */
    domainScores: jsonb().$type<Record<string, number>>().notNull().default({}),
    overallScore: integer(),
    /** Code of the assessment's performance level band holding the overall score. */
    performanceLevel: text(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "student_results_pkey", columns: [t.tenantId, t.dataCollectionId, t.studentEnrollmentId] }),
    check("student_results_progress_check", sql`${t.progress} between 0 and 100`),
    tenantRef("student_results_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("student_results_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments).onDelete("cascade"),
  ],
);

/**
 * Completion of a collection per location, kept by triggers (migration 0010): the assigned children
 * whose enrollment is active there, and the sum of their scored items. Administrators' completion
 * over a district or a state sums ~1,500 rows instead of joining 130,000 children.
 */
export const collectionLocationProgress = pgTable(
  "collection_location_progress",
  {
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    locationId: integer().notNull(),
    students: integer().notNull().default(0),
    scored: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "collection_location_progress_pkey", columns: [t.tenantId, t.dataCollectionId, t.locationId] }),
    index("collection_location_progress_location_idx").on(t.tenantId, t.locationId),
    tenantRef("collection_location_progress_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("collection_location_progress_location_fk", [t.tenantId, t.locationId], locations).onDelete("cascade"),
  ],
);

/**
 * Data display totals per collection and school, kept by triggers (migration 0020): per part
 * ('' overall, or a domain) and level ('' all, or a level code) the children, those scored and the
 * sum of their scale scores. State, region and district displays sum these rows.
 */
export const collectionDisplayTotals = pgTable(
  "collection_display_totals",
  {
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    regionId: integer().notNull(),
    districtId: integer().notNull(),
    locationId: integer().notNull(),
    part: text().notNull(),
    level: text().notNull(),
    students: integer().notNull().default(0),
    scored: integer().notNull().default(0),
    scoreSum: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: "collection_display_totals_pkey",
      columns: [t.tenantId, t.dataCollectionId, t.regionId, t.districtId, t.locationId, t.part, t.level],
    }),
    index("collection_display_totals_location_idx").on(t.tenantId, t.locationId),
    tenantRef("collection_display_totals_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("collection_display_totals_location_fk", [t.tenantId, t.locationId], locations).onDelete("cascade"),
  ],
);

/** A teacher's named group of students in a collection. */
export const groups = pgTable(
  "groups",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    userId: integer().notNull(),
    label: text().notNull(),
    color: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index("groups_owner_idx").on(t.tenantId, t.dataCollectionId, t.userId),
    tenantKey("groups", t),
    tenantRef("groups_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("groups_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    id: id(),
    tenantId: tenantId(),
    groupId: integer().notNull(),
    studentEnrollmentId: integer().notNull(),
  },
  (t) => [
    uniqueIndex("group_members_key").on(t.tenantId, t.groupId, t.studentEnrollmentId),
    tenantRef("group_members_group_fk", [t.tenantId, t.groupId], groups).onDelete("cascade"),
    tenantRef("group_members_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments).onDelete("cascade"),
  ],
);

/** A generated score-sheet PDF (one child, or all of a collection when the enrollment is null). */
export const scoreSheets = pgTable(
  "score_sheets",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer().notNull(),
    studentEnrollmentId: integer(),
    schoolYearId: integer(),
    createdBy: integer(),
    originalFileName: text().notNull(),
    s3FileName: text().notNull(),
    /** A class sheet is built by the score-sheet.class job: queued, in_progress, then complete or failed. */
    status: text().notNull().default("complete"),
    /** The children a queued class sheet covers (the roster when it was asked for). */
    enrollmentIds: integer().array(),
    error: text(),
    completedAt: timestamptz(),
    ...timestamps,
  },
  (t) => [
    check("score_sheets_status_check", sql`${t.status} in ('queued', 'in_progress', 'complete', 'failed')`),
    index("score_sheets_enrollment_idx").on(t.tenantId, t.dataCollectionId, t.studentEnrollmentId),
    tenantRef("score_sheets_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("score_sheets_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments).onDelete("cascade"),
    tenantRef("score_sheets_created_by_fk", [t.tenantId, t.createdBy], users).onDelete("set null"),
  ],
);

/** A point in the year at which a tenant captures a snapshot of each child's ratings. */
export const tenantMilestones = pgTable(
  "tenant_milestones",
  {
    id: id(),
    tenantId: tenantId(),
    label: text().notNull(),
    description: text(),
    startDate: timestamptz(),
    endDate: timestamptz(),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("tenant_milestones_tenant_idx").on(t.tenantId, t.sortOrder), tenantKey("tenant_milestones", t)],
);

/** A captured milestone: the child's grades at that moment, frozen. */
export const scoreMilestones = pgTable(
  "score_milestones",
  {
    id: id(),
    tenantId: tenantId(),
    tenantMilestoneId: integer().notNull(),
    studentId: integer().notNull(),
    dataCollectionId: integer().notNull(),
    /** [{ assessmentItemId, scaleEntryId }] at capture time. */
    scores: jsonb().$type<{ assessmentItemId: number; scaleEntryId: number }[]>().notNull().default([]),
    capturedBy: integer(),
    capturedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("score_milestones_key").on(t.tenantId, t.dataCollectionId, t.studentId, t.tenantMilestoneId),
    tenantRef("score_milestones_milestone_fk", [t.tenantId, t.tenantMilestoneId], tenantMilestones).onDelete("cascade"),
    tenantRef("score_milestones_student_fk", [t.tenantId, t.studentId], students).onDelete("cascade"),
    tenantRef("score_milestones_data_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
    tenantRef("score_milestones_captured_by_fk", [t.tenantId, t.capturedBy], users).onDelete("set null"),
  ],
);
