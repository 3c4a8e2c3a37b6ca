import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/** POST /rating-sheet: the class's rating sheet for one collection, blank or with the recorded ratings ticked. */
export const ratingSheetBody = z.object({
  dataCollectionId: idSchema("Must be a positive whole number"),
  includeScores: z.boolean({ error: "Must be true or false" }).default(false),
});
export type RatingSheetBody = z.infer<typeof ratingSheetBody>;
