import { apiRoute } from "@/lib/platform/api";
import { jobCounts } from "@/lib/reports/job-counts";
import { jobCountsResponse, tenantParams } from "@/lib/reports/schemas";

export const GET = apiRoute(
  {
    summary: "The tenant's job counts: ISRs, bulk loads and reports queued and running over 30 minutes, with those jobs listed",
    tags: ["Reports"],
    permission: "jobs.read",
    params: tenantParams,
    response: jobCountsResponse,
  },
  async ({ actor, params }) => jobCounts(actor, params.tenantId),
);
