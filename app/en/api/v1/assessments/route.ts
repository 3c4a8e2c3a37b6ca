import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listAssessments } from "@/lib/assessments/queries";
import { assessmentsResponse } from "@/lib/assessments/schemas";
import { assessmentResponse, createAssessmentBody, updateAssessmentBody } from "@/lib/system/assessment-schemas";
import { createAssessment, updateAssessment } from "@/lib/system/assessments";

export const GET = apiRoute(
  { summary: "Assessments offered to the caller's tenant: the shared ones and its own", tags: ["Lookups"], response: assessmentsResponse },
  async ({ actor }) => ({ assessments: await listAssessments(actor) }),
);

export const POST = apiRoute(
  {
    summary: "Create an assessment (tenantId null or absent: shared by every tenant)",
    tags: ["System administration"],
    permission: "system.assessments",
    body: createAssessmentBody,
    response: assessmentResponse,
  },
  async ({ actor, body, req, requestId }) => ({ assessment: await createAssessment(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Change an assessment's name, description, author, taxonomy or encapsulation",
    tags: ["System administration"],
    permission: "system.assessments",
    body: updateAssessmentBody,
    response: assessmentResponse,
  },
  async ({ actor, body, req, requestId }) => ({ assessment: await updateAssessment(actor, body, originOf(req, requestId)) }),
);
