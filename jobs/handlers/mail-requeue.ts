import { z } from "zod";
import { requeueStrandedMail } from "@/lib/platform/mail";
import { defineJob, handleJob } from "@/lib/platform/queue";

/** Every 5 minutes: outbox rows left without a delivery job get one. A missed tick is made up by the next. */
const mailRequeueJob = defineJob({ name: "mail.requeue", payload: z.object({}), cron: "*/5 * * * *", retryLimit: 0 });

export const mailRequeue = handleJob(mailRequeueJob, async () => ({ requeued: await requeueStrandedMail() }));
