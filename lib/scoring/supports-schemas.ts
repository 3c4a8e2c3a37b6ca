import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* Supports a student used in a collection (spec §3 Student supports, §7 Supports). */

const enrollmentId = idSchema("Student enrollment id must be a positive whole number");
const supportId = idSchema("Support id must be a positive whole number");
const supportIds = z.array(supportId, { error: "Support ids must be a list of support ids" }).max(100, "At most 100 supports");

export const addSupportBody = z.object({ studentEnrollmentId: enrollmentId, supportId });
export const replaceSupportsBody = z.object({ studentEnrollmentId: enrollmentId, supportIds });
export const enrollmentSupportsBody = z.object({ dataCollectionId: idSchema("Data collection id must be a positive whole number"), supportIds });
export const studentSupportIdQuery = z.object({ id: idSchema("Id must be a positive whole number") });
export const enrollmentIdParams = z.object({ id: enrollmentId });

/** An empty comment clears it, as null does. */
export const supportCommentBody = z.object({
  id: idSchema("Assignment id must be a positive whole number"),
  supportComment: z
    .string({ error: "Support comment must be text or null" })
    .max(2000, "Support comment must be at most 2000 characters")
    .nullable()
    .transform((v) => (v?.trim() ? v : null)),
});

/* Answers (response schemas). */

const studentSupport = z.object({
  id: z.number().int(),
  assignment_id: z.number().int().describe("The student's assignment to the collection"),
  support_id: z.number().int().describe("One of the collection's supports"),
  studentEnrollmentId: z.number().int(),
  label: z.string(),
  code: z.string().nullable(),
});
export type StudentSupport = z.infer<typeof studentSupport>;

const support = z.object({ id: z.number().int(), label: z.string(), code: z.string().nullable() });
export type Support = z.infer<typeof support>;

export const collectionSupportsResponse = z.object({
  dataCollectionsStudentSupports: z.array(studentSupport),
  supports: z.array(support).describe("The supports the collection offers"),
});
export const studentSupportsResponse = z.object({
  dataCollectionsStudentSupports: z.array(studentSupport).describe("The student's supports after the change"),
});

const assignment = z.object({
  id: z.number().int(),
  studentEnrollmentId: z.number().int(),
  dataCollectionId: z.number().int(),
  supportComment: z.string().nullable(),
});
export type SupportAssignment = z.infer<typeof assignment>;
export const assignmentResponse = z.object({ assignment });
