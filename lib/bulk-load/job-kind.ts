import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/platform/queue";

/** A bulk load's job names only its tenant and row; the row holds the file and the uploader's reach. */
export const bulkLoadJob = defineJob({
  name: "bulk-load.run",
  payload: z.object({ tenantId: z.number().int().positive(), bulkLoadId: z.number().int().positive() }),
  retryLimit: 2,
  expireInSeconds: 30 * 60,
});
