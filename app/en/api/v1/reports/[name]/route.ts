import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { requestedResponse, teacherReportBody, teacherReportParams } from "@/lib/reports/schemas";
import { requestTeacherReport } from "@/lib/reports/service";

export const POST = apiRoute(
  {
    summary: "Request a teacher report of one collection over one's own class (ela-milestone, language-literacy, kra-data-results; the PDF types answer 400)",
    tags: ["Reports"],
    permission: "reports.teacher",
    params: teacherReportParams,
    body: teacherReportBody,
    response: requestedResponse,
  },
  async ({ actor, params, body, req, requestId }) => requestTeacherReport(actor, params.name, body, originOf(req, requestId)),
);
