import { handleJob } from "@/lib/platform/queue";
import { queueScheduledPulls } from "@/lib/organisations/oneroster-provider";
import { oneRosterPullJob, oneRosterPullScheduleJob } from "@/lib/organisations/oneroster-pull-jobs";
import { runPull } from "@/lib/organisations/oneroster-pull-run";

/** District OneRoster REST pulls: a run binds its tenant in each step itself (it calls the provider between its writes); the hourly tick works across tenants. */
export const oneRosterPull = handleJob(oneRosterPullJob, (payload, context) => runPull(payload, context), { concurrency: 1 });
export const oneRosterPullSchedule = handleJob(oneRosterPullScheduleJob, () => queueScheduledPulls());
