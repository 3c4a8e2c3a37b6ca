import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { assessmentItems, scaleEntries } from "./assessments";
import { dataCollections } from "./collections";
import { createdAt, id, tenantId, timestamps, timestamptz } from "./columns";
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
    dataCollectionId: integer()
      .notNull()
      .references(() => dataCollections.id, { onDelete: "cascade" }),
    studentEnrollmentId: integer()
      .notNull()
      .references(() => studentEnrollments.id, { onDelete: "cascade" }),
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id),
    scaleEntryId: integer()
      .notNull()
      .references(() => scaleEntries.id),
    comment: text(),
    enteredBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("scores_key").on(t.tenantId, t.dataCollectionId, t.studentEnrollmentId, t.assessmentItemId),
    index("scores_item_idx").on(t.tenantId, t.dataCollectionId, t.assessmentItemId),
  ],
);

/** Evidence of a grade: photo, work sample, note or audio file in storage. */
export const scoreArtifacts = pgTable(
  "score_artifacts",
  {
    id: id(),
    tenantId: tenantId(),
    scoreId: integer()
      .notNull()
      .references(() => scores.id, { onDelete: "cascade" }),
    /** Storage key of the file. */
    fileName: text().notNull(),
    originalFileName: text().notNull(),
    sizeBytes: bigint({ mode: "number" }).notNull(),
    contentType: text(),
    uploadedBy: integer().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("score_artifacts_score_idx").on(t.tenantId, t.scoreId), check("score_artifacts_size_check", sql`${t.sizeBytes} >= 0`)],
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
    dataCollectionId: integer()
      .notNull()
      .references(() => dataCollections.id),
    studentEnrollmentId: integer()
      .notNull()
      .references(() => studentEnrollments.id),
    assessmentItemId: integer()
      .notNull()
      .references(() => assessmentItems.id),
    scaleEntryId: integer().references(() => scaleEntries.id),
    comment: text(),
    action: scoreActionEnum().notNull(),
    changedBy: integer().references(() => users.id),
    changedAt: createdAt(),
  },
  (t) => [index("score_history_enrollment_idx").on(t.tenantId, t.dataCollectionId, t.studentEnrollmentId, t.assessmentItemId, t.changedAt)],
);

/** A teacher's named group of students in a collection. */
export const groups = pgTable(
  "groups",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer()
      .notNull()
      .references(() => dataCollections.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text().notNull(),
    color: text().notNull(),
    ...timestamps,
  },
  (t) => [index("groups_owner_idx").on(t.tenantId, t.dataCollectionId, t.userId)],
);

export const groupMembers = pgTable(
  "group_members",
  {
    id: id(),
    tenantId: tenantId(),
    groupId: integer()
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    studentEnrollmentId: integer()
      .notNull()
      .references(() => studentEnrollments.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("group_members_key").on(t.tenantId, t.groupId, t.studentEnrollmentId)],
);

/** A generated score-sheet PDF (one child, or all of a collection when the enrollment is null). */
export const scoreSheets = pgTable(
  "score_sheets",
  {
    id: id(),
    tenantId: tenantId(),
    dataCollectionId: integer()
      .notNull()
      .references(() => dataCollections.id, { onDelete: "cascade" }),
    studentEnrollmentId: integer().references(() => studentEnrollments.id, { onDelete: "cascade" }),
    schoolYearId: integer(),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    originalFileName: text().notNull(),
    s3FileName: text().notNull(),
    ...timestamps,
  },
  (t) => [index("score_sheets_enrollment_idx").on(t.tenantId, t.dataCollectionId, t.studentEnrollmentId)],
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
  (t) => [index("tenant_milestones_tenant_idx").on(t.tenantId, t.sortOrder)],
);

/** A captured milestone: the child's grades at that moment, frozen. */
export const scoreMilestones = pgTable(
  "score_milestones",
  {
    id: id(),
    tenantId: tenantId(),
    tenantMilestoneId: integer()
      .notNull()
      .references(() => tenantMilestones.id, { onDelete: "cascade" }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: "cascade" }),
    dataCollectionId: integer()
      .notNull()
      .references(() => dataCollections.id, { onDelete: "cascade" }),
    /** [{ assessmentItemId, scaleEntryId }] at capture time. */
    scores: jsonb().$type<{ assessmentItemId: number; scaleEntryId: number }[]>().notNull().default([]),
    capturedBy: integer().references(() => users.id, { onDelete: "set null" }),
    capturedAt: createdAt(),
  },
  (t) => [uniqueIndex("score_milestones_key").on(t.tenantId, t.dataCollectionId, t.studentId, t.tenantMilestoneId)],
);
