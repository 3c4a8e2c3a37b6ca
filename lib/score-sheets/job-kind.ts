import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/platform/queue";

/**
 * The class's score sheets (POST /score-sheet/template/all): the job names its tenant and the
 * score_sheets row, which holds the collection, the children and the storage key, so a redelivery
 * renders the same file under the same key.
 */
export const classScoreSheetJob = defineJob({
  name: "score-sheet.class",
  payload: z.object({ tenantId: z.number().int().positive(), scoreSheetId: z.number().int().positive() }),
  retryLimit: 3,
});
