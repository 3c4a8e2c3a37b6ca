import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { contentDisposition } from "@/lib/platform/storage";
import { assessmentParams } from "@/lib/system/assessment-schemas";
import { exportAssessment } from "@/lib/system/transfer";
import { assessmentDocument } from "@/lib/system/transfer-schemas";

/** The export file: the document POST /assessments/import takes back, as an attachment. */
export const GET = apiRoute(
  {
    summary: "Export an assessment as a file (JSON) that import takes back as a new copy",
    tags: ["System administration"],
    permission: "system.assessments",
    params: assessmentParams,
    response: assessmentDocument,
  },
  async ({ actor, params, req, requestId }) => {
    const doc = await exportAssessment(actor, params.id, originOf(req, requestId));
    const name = `${doc.assessment.name.replace(/[^\w.-]+/g, "-").toLowerCase()}.assessment.json`;
    return new Response(JSON.stringify(doc, null, 2), {
      status: 200,
      headers: { "content-type": "application/json", "content-disposition": contentDisposition(name) },
    });
  },
);
