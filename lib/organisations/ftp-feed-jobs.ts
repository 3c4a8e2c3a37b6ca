import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/platform/queue";

/** One run of a district's FTP feed: the run row names the integration; two retries for a network failure. */
export const ftpFeedRunJob = defineJob({
  name: "integration.ftp-fetch",
  payload: z.object({ tenantId: z.number().int().positive(), runId: z.number().int().positive() }),
  retryLimit: 2,
  expireInSeconds: 15 * 60,
});

/** Hourly: queues a run for every active integration with FTP settings that has none waiting. */
export const ftpFeedScheduleJob = defineJob({ name: "integration.ftp-schedule", payload: z.object({}), cron: "41 * * * *", retryLimit: 0 });
