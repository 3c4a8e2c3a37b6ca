import { handleJob } from "@/lib/platform/queue";
import { generateReport } from "@/lib/reports/generate";
import { reportJob } from "@/lib/reports/job-kind";

/**
 * Reports, two at a time per worker process (a state-wide report is mostly the database's work).
 * Every query of the job runs under its payload's tenant: the handler opens a withTenant per step
 * (claim, build, finish) rather than one binding around it all ("payload" tenancy), because the
 * claim must commit before the build (polling and job counts see it running) and the file's upload
 * to storage must stay outside any transaction.
 */
export const reportGenerate = handleJob(reportJob, (payload, context) => generateReport(payload, context), { concurrency: 2 });
