import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

export const collectionIdParams = z.object({ id: idSchema("Must be a positive whole number") });

/* Answers (response schemas). */

const unix = z.number().int().nullable().describe("Unix seconds");

/** A collection as the spec's data-collection model names its fields. */
const teacherCollection = z.object({
  id: z.number().int(),
  parentTenantId: z.number().int(),
  schoolYear: z.object({ id: z.number().int(), label: z.string() }),
  parentDataCollectionId: z.number().int().nullable().describe("An ELA checkpoint's parent collection"),
  collectionName: z.string(),
  assessmentTaxonomy: z.string(),
  cycleStartDate: unix,
  cycleEndDate: unix,
  enrollmentEndDate: unix,
  dataDisplaysDate: unix,
  reportAccessDate: unix,
  isrAccessDate: unix,
  omrAccessDate: unix,
  isrTeacherDate: unix,
  student_count: z.number().int().describe("The caller's rostered, active students assigned to the collection"),
  scoring: z.record(z.string(), z.unknown()).describe("The window's scoring rules (JSON)"),
  is_kra: z.boolean().describe("The assessment is the KRA (taxonomy SUMMATIVE)"),
});
export type TeacherCollection = z.infer<typeof teacherCollection>;

export const teacherCollectionsResponse = z.object({ dataCollections: z.array(teacherCollection) });
export const teacherCollectionResponse = z.object({ dataCollection: teacherCollection });
