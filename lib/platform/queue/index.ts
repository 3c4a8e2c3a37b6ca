export { queue, stopQueue } from "./boss";
export { defineJob, sendJob, sendJobs, PermanentJobError, RetryableJobError, type JobKind, type JobPayload, type SendOptions } from "./jobs";
export { handleJob, startWorkers, stopWorkers, type JobContext, type JobHandler, type JobOutput } from "./workers";
export { queueHealth, type QueueHealth } from "./health";
