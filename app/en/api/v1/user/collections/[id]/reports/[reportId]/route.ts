import { apiRoute } from "@/lib/platform/api";
import { collectionReportParams, reportResponse } from "@/lib/reports/schemas";
import { getReport } from "@/lib/reports/service";

export const GET = apiRoute(
  {
    summary: "One's report of this collection, polled every 3 s until status 'complete' (the spec's path ends in .json: {reportId}.json)",
    tags: ["Reports"],
    params: collectionReportParams,
    response: reportResponse,
  },
  async ({ actor, params }) => getReport(actor, params.reportId, params.id),
);
