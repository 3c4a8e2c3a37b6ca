import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/platform/queue";

/** One sending of a collection to an Ed-Fi ODS/API (the run row names connection and collection); a network failure or a 5xx is retried. */
export const edfiSendJob = defineJob({
  name: "edfi.send",
  payload: z.object({ tenantId: z.number().int().positive(), runId: z.number().int().positive() }),
  retryLimit: 3,
  expireInSeconds: 60 * 60,
});
