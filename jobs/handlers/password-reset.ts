import { handleJob } from "@/lib/platform/queue";
import { mailPasswordResetLinks, passwordResetJob } from "@/lib/auth/recovery";

/** Forgot-password requests: the account lookup and the reset mails, off the request path. */
export const passwordReset = handleJob(passwordResetJob, (payload) => mailPasswordResetLinks(payload), { concurrency: 2 });
