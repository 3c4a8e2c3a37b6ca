import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { childResults } from "@/lib/results/child-results";
import { childParams, childResultsResponse } from "@/lib/results/schemas";

export const GET = apiRoute(
  {
    summary:
      "A child's results across every collection they were assessed in, over school years (the KRA at entry, each ELA checkpoint), oldest first: " +
      "overall and domain scale scores, the performance level and the change since the previous result in the same assessment. " +
      "Administrators: a child within their reach; teachers: a child on their roster. The read is audited as a view",
    tags: ["Students"],
    permission: "results.childHistory",
    params: childParams,
    response: childResultsResponse,
    errors: [403, 404],
  },
  async ({ actor, params, req, requestId }) => childResults(actor, params.id, { origin: originOf(req, requestId), details: { via: "api" } }),
);
