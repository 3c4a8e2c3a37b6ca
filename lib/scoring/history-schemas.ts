import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

const id = (label: string) => idSchema(`${label} must be a positive whole number`);

/** `studentId` is the child (students.id); the teacher's rostered enrollments of that child are resolved. */
export const studentParams = z.object({ id: id("Collection id"), studentId: id("Student id") });
export const studentItemParams = studentParams.extend({ itemId: id("Item id") });

export const scoreSheetHistoryQuery = z.object({
  dataCollectionId: id("dataCollectionId"),
  studentEnrollmentId: id("studentEnrollmentId").optional(),
});

/* Answers (response schemas). */

const unix = z.number().int().describe("Unix seconds");

const historyEntry = z.object({
  id: z.number().int(),
  assessmentItemsId: z.number().int(),
  itemCode: z.string().nullable(),
  assessmentItemsScalesEntriesId: z.number().int().nullable().describe("Null for a deleted grade"),
  entryCode: z.string().nullable(),
  comment: z.string().nullable(),
  action: z.enum(["create", "update", "delete"]),
  changedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changedAt: unix,
});
export type HistoryEntry = z.infer<typeof historyEntry>;

const milestoneScore = z.object({
  assessmentItemsId: z.number().int(),
  assessmentItemsScalesEntriesId: z.number().int(),
  entryCode: z.string().nullable(),
});

export const capturedMilestone = z.object({
  id: z.number().int(),
  tenantMilestoneId: z.number().int(),
  label: z.string(),
  capturedAt: unix,
  scores: z.array(milestoneScore).describe("The child's grades in the collection when captured"),
});
export type CapturedMilestone = z.infer<typeof capturedMilestone>;

const scoreSheet = z.object({
  id: z.number().int(),
  parentDataCollectionId: z.number().int(),
  studentEnrollmentId: z.number().int().nullable().describe("Null for a sheet of the whole collection"),
  schoolYear: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  createdBy: z.number().int().nullable(),
  createdAt: unix,
  updatedAt: unix,
  originalFileName: z.string(),
  s3FileName: z.string(),
});
export type ScoreSheetEntry = z.infer<typeof scoreSheet>;

export const gradeHistoryResponse = z.object({ history: z.array(historyEntry) });
export const milestoneHistoryResponse = z.object({ milestones: z.array(capturedMilestone) });
export const scoreSheetHistoryResponse = z.object({ scoreSheets: z.array(scoreSheet) });
