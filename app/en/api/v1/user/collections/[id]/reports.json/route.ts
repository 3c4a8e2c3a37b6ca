import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { collectionParams, collectionReportBody, requestedResponse } from "@/lib/reports/schemas";
import { requestTeacherReport } from "@/lib/reports/service";

export const POST = apiRoute(
  {
    summary: "Request a teacher report of this collection (request_data.type); poll GET /user/collections/{id}/reports/{reportId}.json",
    tags: ["Reports"],
    permission: "reports.teacher",
    params: collectionParams,
    body: collectionReportBody,
    response: requestedResponse,
  },
  async ({ actor, params, body, req, requestId }) =>
    requestTeacherReport(actor, body.request_data.type, { dataCollectionId: params.id, ...body.request_data }, originOf(req, requestId)),
);
