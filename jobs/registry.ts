import type { JobHandler } from "@/lib/platform/queue";
import { mailRequeue } from "./handlers/mail-requeue";
import { mailSend } from "./handlers/mail-send";
import { passwordReset } from "./handlers/password-reset";
import { uploadSweep } from "./handlers/upload-sweep";

/** Every job kind a worker runs. Add a handler in jobs/handlers/ and list it here. */
export const handlers: JobHandler[] = [mailSend, mailRequeue, uploadSweep, passwordReset];
