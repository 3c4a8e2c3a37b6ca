import { apiRoute } from "@/lib/platform/api";
import { reportListQuery, reportListResponse } from "@/lib/reports/schemas";
import { listReports } from "@/lib/reports/service";

export const GET = apiRoute(
  {
    summary: "One's own reports, of a school year when schoolYearId is given, newest first",
    tags: ["Reports"],
    query: reportListQuery,
    response: reportListResponse,
  },
  async ({ actor, query }) => listReports(actor, query),
);
