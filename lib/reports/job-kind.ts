import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/platform/queue";

/**
 * One queue per job kind. A report's job names only its tenant and row: the row holds what to build
 * and for whom, so a redelivery rebuilds the same file. ISRs, score sheets and bulk loads get kinds
 * of their own beside this one (their own queue, retries and expiry), with the same payload rule.
 */
export const reportJob = defineJob({
  name: "report.generate",
  payload: z.object({ tenantId: z.number().int().positive(), reportId: z.number().int().positive() }),
  retryLimit: 3,
  // A state-wide scale score report takes minutes (docs/reports.md): not lost before 30 minutes.
  expireInSeconds: 30 * 60,
});
