import { z } from "zod";
import { defineJob, handleJob } from "@/lib/platform/queue";
import { abortStaleUploads } from "@/lib/platform/storage/uploads";

/** Hourly: uploads left unfinished for a day are aborted (S3 keeps, and bills, their parts until then). */
const uploadSweepJob = defineJob({ name: "storage.abort-stale-uploads", payload: z.object({}), cron: "17 * * * *", retryLimit: 0 });

export const uploadSweep = handleJob(uploadSweepJob, async () => ({ aborted: await abortStaleUploads() }));
