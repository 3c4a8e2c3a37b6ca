import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

const id = idSchema("Must be a positive whole number");

/** POST /score-sheet/template: one child's sheet, blank or with random scores (training). */
export const scoreSheetBody = z.object({
  dataCollectionId: id,
  studentEnrollmentId: id,
  generateRandomScores: z.boolean({ error: "Must be true or false" }).default(false),
});
export type ScoreSheetBody = z.infer<typeof scoreSheetBody>;

/** POST /score-sheet/template/all: the class's sheets as one PDF, answered as a URL. */
export const classSheetBody = z.object({ dataCollectionId: id });

export const classSheetResponse = z.object({ url: z.string().describe("A short-lived URL of the class's PDF"), fileName: z.string() });
