import type { JobHandler } from "@/lib/platform/queue";
import { announcementsActivate } from "./handlers/announcements-activate";
import { bulkLoadRun } from "./handlers/bulk-load";
import { edfiSend } from "./handlers/edfi-send";
import { ftpFeedRun, ftpFeedSchedule } from "./handlers/ftp-feed";
import { mailRequeue } from "./handlers/mail-requeue";
import { mailSend } from "./handlers/mail-send";
import { oneRosterRun } from "./handlers/oneroster";
import { oneRosterPull, oneRosterPullSchedule } from "./handlers/oneroster-pull";
import { passwordReset } from "./handlers/password-reset";
import { isrGenerate } from "./handlers/isr-generate";
import { reportGenerate } from "./handlers/report-generate";
import { scoreSheetClass } from "./handlers/score-sheet-class";
import { uploadSweep } from "./handlers/upload-sweep";

/**
 * Every job kind a worker runs. Add a handler in jobs/handlers/ and list it here.
 *
 * Each runs as "system" (asSystem, see handleJob's tenancy): mail.send talks to SMTP between its
 * claim and its outcome, and the claim must commit first; mail.requeue and the upload sweep work
 * across tenants (the sweep calls storage too); the password reset looks accounts up by email
 * before sign-in. A handler that works on its payload's tenant's rows takes `tenancy: "payload"`;
 * report.generate binds each of its steps to the payload's tenant itself (see its handler).
 */
export const handlers: JobHandler[] = [
  mailSend,
  mailRequeue,
  uploadSweep,
  passwordReset,
  reportGenerate,
  bulkLoadRun,
  isrGenerate,
  announcementsActivate,
  scoreSheetClass,
  ftpFeedRun,
  ftpFeedSchedule,
  oneRosterRun,
  oneRosterPull,
  oneRosterPullSchedule,
  edfiSend,
];
