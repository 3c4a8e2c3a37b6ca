import { z } from "zod";

/* The roster of a collection as the scoring screen reads it. */

const rosterStudent = z.object({
  studentEnrollmentId: z.number().int(),
  studentId: z.number().int(),
  tenantUniqueId: z.string().describe("State student id (text: leading zeros kept)"),
  firstName: z.string(),
  lastName: z.string(),
  assignmentId: z.number().int().describe("The student's assignment to the collection (supports, support comment)"),
  supportComment: z.string().nullable(),
  progress: z.number().int().describe("0-100; 100 once every item is scored"),
  scoredItems: z.number().int(),
  totalItems: z.number().int(),
  overallScore: z.number().int().nullable().describe("Overall scale score once every domain is scored"),
  performanceLevel: z.string().nullable().describe("Code of the performance level band of the overall score"),
  domainScores: z.record(z.string(), z.number()).describe("Domain code to scale score, for fully scored domains"),
});
export type RosterStudent = z.infer<typeof rosterStudent>;

export const rosterResponse = z.object({ students: z.array(rosterStudent) });
