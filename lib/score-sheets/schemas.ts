import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

const id = idSchema("Must be a positive whole number");

/** POST /score-sheet/template: one child's sheet, blank or with random scores (training). */
export const scoreSheetBody = z.object({
  dataCollectionId: id,
  studentEnrollmentId: id,
  generateRandomScores: z.boolean({ error: "Must be true or false" }).default(false),
});

/** POST /score-sheet/template/all: the class's sheets as one PDF, built by a job, answered as the URL to download it from. */
export const classSheetBody = z.object({ dataCollectionId: id });

const status = z.enum(["queued", "in_progress", "complete", "failed"]);

export const classSheetResponse = z.object({
  id: z.number().int(),
  status,
  url: z.string().describe("Where the PDF is downloaded once complete (GET /score-sheet/{id}/download; 409 before)"),
  fileName: z.string(),
});

export const classSheetParams = z.object({ id });

/** GET /score-sheet/{id}: a class sheet's state, polled until complete or failed. */
export const classSheetStatusResponse = classSheetResponse.extend({ error: z.string().nullable().describe("Why it failed") });
