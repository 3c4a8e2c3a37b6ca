import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { adminReportBody, requestedResponse, tenantParams } from "@/lib/reports/schemas";
import { requestAdminReport } from "@/lib/reports/service";

export const POST = apiRoute(
  {
    summary: "Request a tenant report (administration §9 kinds) over the admin's reach; a job builds it, poll GET /reports until status 'complete'",
    tags: ["Reports"],
    permission: "reports.admin",
    params: tenantParams,
    body: adminReportBody,
    response: requestedResponse,
  },
  async ({ actor, params, body, req, requestId }) => requestAdminReport(actor, params.tenantId, body, originOf(req, requestId)),
);
