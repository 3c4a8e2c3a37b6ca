import { apiRoute } from "@/lib/platform/api";
import { listAssessments } from "@/lib/assessments/queries";
import { assessmentsResponse } from "@/lib/assessments/schemas";

export const GET = apiRoute(
  { summary: "Assessments offered to the caller's tenant: the shared ones and its own", tags: ["Lookups"], response: assessmentsResponse },
  async ({ actor }) => ({ assessments: await listAssessments(actor) }),
);
