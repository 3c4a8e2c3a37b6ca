import { handleJob } from "@/lib/platform/queue";
import { deliverOutboxMail, mailSendJob } from "@/lib/platform/mail";

/** Delivers one outbox row (SMTP, or kept in the outbox by default); safe to run twice. */
export const mailSend = handleJob(mailSendJob, (payload, { lastAttempt }) => deliverOutboxMail(payload, { lastAttempt }), { concurrency: 2 });
