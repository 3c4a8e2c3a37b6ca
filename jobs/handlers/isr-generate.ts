import { generateIsrBatch } from "@/lib/isr/generate";
import { isrJob } from "@/lib/isr/job-kind";
import { handleJob } from "@/lib/platform/queue";

/**
 * ISR batches. Rendering is CPU work on this process's thread, so one batch at a time renders while
 * a second waits on the database or storage; more cores are used by running more worker processes
 * (`npm run worker`), each taking batches from the same queue. Each step binds its own tenant
 * (like report.generate): the claim must commit before rendering, and storage stays outside
 * transactions.
 */
export const isrGenerate = handleJob(isrJob, (payload, context) => generateIsrBatch(payload, context), { concurrency: 2 });
