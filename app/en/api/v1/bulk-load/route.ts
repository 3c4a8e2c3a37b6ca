import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { bulkLoadBody, bulkLoadListQuery, bulkLoadListResponse, bulkLoadRequestedResponse } from "@/lib/bulk-load/schemas";
import { listBulkLoads, requestBulkLoad } from "@/lib/bulk-load/service";

export const GET = apiRoute(
  {
    summary: "One's bulk loads, newest first, paged; with administration=true a tenant admin sees the tenant's",
    tags: ["Bulk loads"],
    permission: "bulkLoads.manage",
    query: bulkLoadListQuery,
    response: bulkLoadListResponse,
  },
  async ({ actor, query }) => listBulkLoads(actor, query),
);

export const POST = apiRoute(
  {
    summary:
      "Load a completed upload (purpose bulk-load, CSV or XLSX); a job checks every row and loads the good ones. Posting the same upload again answers the same load",
    tags: ["Bulk loads"],
    permission: "bulkLoads.manage",
    body: bulkLoadBody,
    response: bulkLoadRequestedResponse,
  },
  async ({ actor, body, req, requestId }) => requestBulkLoad(actor, body, originOf(req, requestId)),
);
