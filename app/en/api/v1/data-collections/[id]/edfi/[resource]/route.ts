import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { exportEdfi } from "@/lib/edfi/export";
import { edfiParams, edfiQuery } from "@/lib/edfi/schemas";

export const GET = apiRoute(
  {
    summary:
      "A collection's results as Ed-Fi Data Standard 5 resources, one JSON document a line: its assessment, its domains as objective assessments, or each child's student assessment within one's reach (a district with districtId)",
    tags: ["Reports"],
    permission: "results.edfiExport",
    params: edfiParams,
    query: edfiQuery,
    content: "application/x-ndjson",
  },
  async ({ req, actor, params, query, requestId }) => {
    const { body, headers } = await exportEdfi(actor, params.id, params.resource, query, originOf(req, requestId));
    return new Response(body, { status: 200, headers });
  },
);
