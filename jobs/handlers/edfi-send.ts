import { handleJob } from "@/lib/platform/queue";
import { edfiSendJob } from "@/lib/edfi/job-kind";
import { runSend } from "@/lib/edfi/send";

/** Ed-Fi sending. A run binds its tenant in each step itself: it talks to the ODS/API between its writes, and its claim must commit first. */
export const edfiSend = handleJob(edfiSendJob, (payload, context) => runSend(payload, context), { concurrency: 1 });
