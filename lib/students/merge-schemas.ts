import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

const id = idSchema("Must be a positive whole number");

/** POST /students/merge (spec §7): the secondary record is folded into the primary. */
export const mergeStudentsBody = z
  .object({ primaryStudentId: id, secondaryStudentId: id })
  .refine((v) => v.primaryStudentId !== v.secondaryStudentId, { path: ["secondaryStudentId"], message: "Choose two different students" });
export type MergeStudentsInput = z.infer<typeof mergeStudentsBody>;

export const mergeStudentsResponse = z.object({
  message: z.string(),
  primaryStudentId: z.number().int(),
  secondaryStudentId: z.number().int(),
  enrollmentsMoved: z.number().int().describe("The secondary's enrollments now under the primary"),
  scoresMoved: z.number().int().describe("Grades moved onto the primary's enrollment in a collection both were assigned to"),
  conflicts: z.number().int().describe("Items both had graded: the newer grade is kept, the other recorded in the grade history"),
});
