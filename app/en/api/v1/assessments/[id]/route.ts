import { apiRoute } from "@/lib/platform/api";
import { assessmentDetailResponse, assessmentParams } from "@/lib/system/assessment-schemas";
import { getAssessmentDetail } from "@/lib/system/assessments";

export const GET = apiRoute(
  {
    summary: "One assessment with its hierarchy items, scales (with entries) and items",
    tags: ["System administration"],
    permission: "system.assessments",
    params: assessmentParams,
    response: assessmentDetailResponse,
  },
  ({ actor, params }) => getAssessmentDetail(actor, params.id),
);
