import "server-only";
import { z } from "zod";
import { defineJob } from "@/lib/platform/queue";

/** One pull of a district's OneRoster provider (the run row names the integration); two retries for a network failure or a 5xx. */
export const oneRosterPullJob = defineJob({
  name: "integration.oneroster-pull",
  payload: z.object({ tenantId: z.number().int().positive(), runId: z.number().int().positive() }),
  retryLimit: 2,
  expireInSeconds: 60 * 60,
});

/** Hourly: queues a pull for every active OneRoster provider that has none waiting. */
export const oneRosterPullScheduleJob = defineJob({ name: "integration.oneroster-schedule", payload: z.object({}), cron: "17 * * * *", retryLimit: 0 });
