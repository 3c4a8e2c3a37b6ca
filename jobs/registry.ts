import type { JobHandler } from "@/lib/platform/queue";
import { mailSend } from "./handlers/mail-send";

/** Every job kind a worker runs. Add a handler in jobs/handlers/ and list it here. */
export const handlers: JobHandler[] = [mailSend];
