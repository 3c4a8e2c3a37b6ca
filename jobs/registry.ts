import type { JobHandler } from "@/lib/platform/queue";
import { mailRequeue } from "./handlers/mail-requeue";
import { mailSend } from "./handlers/mail-send";
import { passwordReset } from "./handlers/password-reset";
import { uploadSweep } from "./handlers/upload-sweep";

/**
 * Every job kind a worker runs. Add a handler in jobs/handlers/ and list it here.
 *
 * Each runs as "system" (asSystem, see handleJob's tenancy) today: mail.send talks to SMTP between
 * its claim and its outcome, and the claim must commit first; mail.requeue and the password reset
 * send jobs and mail; the upload sweep works across tenants and calls storage. A handler that sends
 * nothing and reads one tenant's rows takes `tenancy: "payload"`.
 */
export const handlers: JobHandler[] = [mailSend, mailRequeue, uploadSweep, passwordReset];
