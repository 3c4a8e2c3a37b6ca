import { handleJob } from "@/lib/platform/queue";
import { bulkLoadJob } from "@/lib/bulk-load/job-kind";
import { runBulkLoad } from "@/lib/bulk-load/load";

/**
 * Bulk loads, one at a time per worker process (a load is one large transaction). Each step binds
 * the payload's tenant itself (claim, progress, load, finish), like report.generate: the claim must
 * commit before the load runs, and the file's storage calls stay outside transactions.
 */
export const bulkLoadRun = handleJob(bulkLoadJob, (payload, context) => runBulkLoad(payload, context), { concurrency: 1 });
