import { apiRoute, json } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assessmentResponse } from "@/lib/system/assessment-schemas";
import { importAssessment } from "@/lib/system/transfer";
import { assessmentDocument } from "@/lib/system/transfer-schemas";

/** The body is the export file as it was downloaded (at most 1 MB). */
export const POST = apiRoute(
  {
    summary: "Import an export file as a new shared assessment, identical but for its ids",
    tags: ["System administration"],
    permission: "system.assessments",
    body: assessmentDocument,
    response: assessmentResponse,
    status: 201,
  },
  async ({ actor, body, req, requestId }) => json({ assessment: await importAssessment(actor, body, originOf(req, requestId)) }, 201),
);
