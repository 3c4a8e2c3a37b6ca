import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";
import { MAX_BATCH } from "./batch-limit";

/* Grades (scores) as the spec's score model names them, and the write calls' bodies. */

/** The client's key of one change: a change replayed after going offline is applied once. */
const requestKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, "requestKey must be 8 to 100 letters, digits, '-' or '_'")
  .optional()
  .describe("Idempotency key of this change (a UUID): sending it again answers the first result and changes nothing");

export const saveScoreBody = z.object({
  studentEnrollmentId: idSchema("studentEnrollmentId must be a positive whole number"),
  assessmentItemsId: idSchema("assessmentItemsId must be a positive whole number"),
  assessmentItemsScalesEntriesId: idSchema("assessmentItemsScalesEntriesId must be a positive whole number"),
  requestKey,
});
export type SaveScoreInput = z.output<typeof saveScoreBody>;

export const MAX_COMMENT = 2000;

export const commentBody = z.object({
  id: idSchema("id must be a positive whole number"),
  comment: z
    .string({ error: "comment must be text or null" })
    .max(MAX_COMMENT, `Comment must be at most ${MAX_COMMENT} characters`)
    .nullable()
    .transform((c) => (c === null || c.trim() === "" ? null : c)),
  requestKey,
});
export type CommentInput = z.output<typeof commentBody>;

export const gradeParams = z.object({
  id: idSchema("Must be a positive whole number"),
  gradeId: idSchema("Must be a positive whole number"),
});

export const deleteScoreQuery = z.object({ requestKey });

const unix = z.number().int().describe("Unix seconds");

export const grade = z.object({
  id: z.number().int(),
  studentEnrollmentId: z.number().int(),
  assessmentItemsId: z.number().int(),
  assessmentItemsScalesEntriesId: z.number().int(),
  comment: z.string().nullable(),
  artifactCount: z.number().int().describe("Evidence files attached to the grade"),
  updatedAt: unix,
});
export type Grade = z.infer<typeof grade>;

/** The child's stored results after the change (the grid's progress column). */
const result = z.object({
  studentEnrollmentId: z.number().int(),
  progress: z.number().int().describe("0-100; 100 once every item is scored"),
  scoredItems: z.number().int(),
  totalItems: z.number().int(),
});
export type StudentProgress = z.infer<typeof result>;

export const saveScoreResponse = z.object({ grade, result });

const cellKey = (c: SaveScoreInput) => `${c.studentEnrollmentId}:${c.assessmentItemsId}`;

export const saveScoresBody = z.object({
  scores: z
    .array(saveScoreBody)
    .min(1, "scores must hold at least one grade")
    .max(MAX_BATCH, `scores must hold at most ${MAX_BATCH} grades`)
    // One statement writes them all: a cell twice would be two writes of one row, a key twice two changes under one key.
    .superRefine((cells, ctx) => {
      const seen = new Set<string>();
      const keys = new Set<string>();
      cells.forEach((c, i) => {
        if (seen.has(cellKey(c))) ctx.addIssue({ code: "custom", path: [i], message: "Each student and item may appear only once in a batch" });
        if (c.requestKey && keys.has(c.requestKey))
          ctx.addIssue({ code: "custom", path: [i, "requestKey"], message: "Each requestKey may appear only once in a batch" });
        seen.add(cellKey(c));
        if (c.requestKey) keys.add(c.requestKey);
      });
    })
    .describe("The grades to set, each as the single save takes it"),
});

/** One cell's answer, in the order of the request: saved (or replayed), or refused with the single save's status and message. */
const cellAnswer = z.union([
  z.object({ status: z.literal(200), grade, result }),
  z.object({ status: z.number().int().describe("400, 404 or 409, as the single save answers"), message: z.string() }),
]);

export const saveScoresResponse = z.object({ scores: z.array(cellAnswer) });
export const deleteScoreResponse = z.object({ deleted: z.object({ id: z.number().int() }), result });
export const gradesResponse = z.object({ grades: z.array(grade) });
