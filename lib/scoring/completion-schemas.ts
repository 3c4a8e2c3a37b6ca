import { z } from "zod";

/* Completion of the teacher's class in a collection: how much of the assessment is scored. */

const tally = {
  scored: z.number().int().describe("Grades given"),
  expected: z.number().int().describe("Students × items"),
  percent: z.number().describe("scored / expected, 0-100 with one decimal"),
};

export const completedResponse = z.object({
  completed: z.object({
    students: z.number().int(),
    completedStudents: z.number().int().describe("Students with every item scored"),
    items: z.number().int(),
    ...tally,
    byItem: z.array(z.object({ assessmentItemsId: z.number().int(), code: z.string(), label: z.string(), ...tally })).describe("Result by items"),
  }),
});

const studentTally = z.object({
  studentEnrollmentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  ...tally,
});

export const completedStudentsResponse = z.object({ students: z.array(studentTally) });

const setTally = z.object({ id: z.number().int(), label: z.string(), priority: z.number().int(), items: z.number().int(), ...tally });
export const completedSetsResponse = z.object({ sets: z.array(setTally) });
export const completedSetStudentsResponse = z.object({ sets: z.array(setTally.extend({ students: z.array(studentTally) })) });

export const completedHierarchyResponse = z.object({
  hierarchy: z.array(z.object({ id: z.number().int(), code: z.string(), label: z.string(), items: z.number().int(), ...tally })),
});

export type CompletedSummary = z.infer<typeof completedResponse>["completed"];
export type StudentTally = z.infer<typeof studentTally>;
export type SetTally = z.infer<typeof setTally>;
export type SetStudents = z.infer<typeof completedSetStudentsResponse>["sets"][number];
export type HierarchyTally = z.infer<typeof completedHierarchyResponse>["hierarchy"][number];
