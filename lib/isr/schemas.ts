import { z } from "zod";
import { JOB_STATUSES, OUTPUT_STATUSES } from "@/db/schema";
import { idSchema } from "@/lib/platform/schemas";
import { ISR_LANGUAGES } from "./texts";

export const id = idSchema("Must be a positive whole number");

const language = z.enum(ISR_LANGUAGES, { error: "Must be en or es" });

/**
 * POST /reports/individual-student {dataCollectionId, studentId?, locationId?, language?}: one child's
 * ISR (studentId), one school's (locationId), or every child of the collection in the caller's scope.
 */
export const isrRequestBody = z.object({
  dataCollectionId: id,
  studentId: id.optional(),
  locationId: id.optional(),
  /** Forces one language on every child; left out, each child's own (students.isr_language, else English). */
  language: language.optional(),
});
export type IsrRequestBody = z.infer<typeof isrRequestBody>;

export const collectionQuery = z.object({ dataCollectionId: id });
export const outputParams = z.object({ outputId: id });
export const collectionParams = z.object({ id });

/** DELETE /data-collections-students-outputs?dataCollectionId&studentId&locationId: clear generated ISRs. */
export const clearQuery = z.object({ dataCollectionId: id, studentId: id.optional(), locationId: id.optional() });
/** GET /data-collections/{id}/outputs/download?studentId&locationId. */
export const downloadQuery = z.object({ studentId: id.optional(), locationId: id.optional() });
/** GET /data-collections/{id}/outputs/download/zip?districtId. */
export const districtZipQuery = z.object({ districtId: id });

/* Answers. */

const counts = z.object({
  total: z.number(),
  queued: z.number(),
  inProgress: z.number(),
  generated: z.number(),
  failed: z.number(),
  deleted: z.number(),
});

const outputView = z.object({
  id: z.number(),
  dataCollectionId: z.number(),
  type: z.string(),
  status: z.enum(JOB_STATUSES),
  language: z.enum(ISR_LANGUAGES).nullable().describe("The language the request forced; null: each child's own"),
  createdAt: z.number(),
  completedAt: z.number().nullable(),
  counts,
});
export type OutputView = z.infer<typeof outputView>;

const studentOutputView = z.object({
  id: z.number(),
  outputId: z.number().nullable(),
  studentsId: z.number(),
  collectionId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  location: z.string(),
  language: z.enum(ISR_LANGUAGES),
  /** The stored performance level code (student_results) the ISR shows; null until the assessment is complete. */
  performanceLevel: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  outputStatus: z.enum(OUTPUT_STATUSES),
  createdAt: z.number(),
  updatedAt: z.number(),
  downloadUrl: z.string().nullable(),
});
export type StudentOutputView = z.infer<typeof studentOutputView>;

const summaryView = z.object({ students: z.number(), generated: z.number(), deleted: z.number(), noIsr: z.number() });
export type IsrSummary = z.infer<typeof summaryView>;

export const requestResponse = z.object({ message: z.string(), output: outputView });
export const outputsResponse = z.object({
  dataCollectionsOutputs: z.array(outputView),
  summary: summaryView,
  /** The schools of the children within reach, with how many each (to request or download one school). */
  locations: z.array(z.object({ id: z.number(), name: z.string(), students: z.number(), districtId: z.number(), districtName: z.string() })),
});
export const studentOutputsResponse = z.object({ output: outputView, dataCollectionsStudentsOutputs: z.array(studentOutputView) });
export const clearResponse = z.object({ message: z.string(), cleared: z.number() });
