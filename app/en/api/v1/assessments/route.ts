import { apiRoute } from "@/lib/platform/api";
import { listAssessments } from "@/lib/assessments/queries";

export const GET = apiRoute({}, async ({ actor }) => ({ assessments: await listAssessments(actor) }));
