import { handleJob } from "@/lib/platform/queue";
import { oneRosterJob, runOneRosterLoad } from "@/lib/oneroster/service";

/**
 * OneRoster loads (dry run and apply), one at a time per worker process: an apply is one large
 * transaction. Each step binds the payload's tenant itself (claim, plan or apply, finish), as bulk loads do;
 * applies of one tenant wait for each other across processes (runOneRosterLoad's advisory lock).
 */
export const oneRosterRun = handleJob(oneRosterJob, (payload, context) => runOneRosterLoad(payload, context), { concurrency: 1 });
