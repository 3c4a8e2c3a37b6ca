import { z } from "zod";

/* Answers (response schemas). */

const resource = z.object({
  id: z.number().int(),
  assessmentItemId: z.number().int(),
  originalFileName: z.string(),
  fileName: z.string().describe("The storage key of the file"),
  sizeBytes: z.number().int(),
});
export type ItemResource = z.infer<typeof resource>;

export const itemResourcesResponse = z.object({ resources: z.array(resource) });
