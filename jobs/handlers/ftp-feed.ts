import { handleJob } from "@/lib/platform/queue";
import { queueScheduledRuns } from "@/lib/organisations/ftp-feed";
import { ftpFeedRunJob, ftpFeedScheduleJob } from "@/lib/organisations/ftp-feed-jobs";
import { runFeed } from "@/lib/organisations/ftp-feed-run";

/**
 * District FTP feeds. A run binds its tenant in each step itself (it talks to the FTP server and
 * storage between its writes, and its claim must commit first); the hourly tick works across tenants.
 */
export const ftpFeedRun = handleJob(ftpFeedRunJob, (payload, context) => runFeed(payload, context), { concurrency: 1 });
export const ftpFeedSchedule = handleJob(ftpFeedScheduleJob, () => queueScheduledRuns());
