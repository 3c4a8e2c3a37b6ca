import { handleJob } from "@/lib/platform/queue";
import { generateClassScoreSheet } from "@/lib/score-sheets/generate";
import { classScoreSheetJob } from "@/lib/score-sheets/job-kind";

/**
 * Class score sheets. Rendering is CPU work on this thread: one at a time per process. Each step
 * binds its payload's tenant itself (like report.generate): the claim commits before rendering and
 * the storage upload stays outside transactions.
 */
export const scoreSheetClass = handleJob(classScoreSheetJob, (payload, context) => generateClassScoreSheet(payload, context));
