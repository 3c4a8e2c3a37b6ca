import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { pullNow } from "@/lib/organisations/oneroster-provider";
import { pullNowBody, pullNowResponse } from "@/lib/organisations/oneroster-provider-schemas";

export const POST = apiRoute(
  {
    summary:
      "Pull now: queue a pull from the district's OneRoster provider (districtId), applied as a OneRoster load: a full pull (every record, as a bulk bundle) the first time, when the last full pull started 23 hours ago or more, or with full: true (Pull everything now); otherwise records changed since the last successful pull. A pull already waiting is answered instead. 404: no provider; 409: not active",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: pullNowBody,
    response: pullNowResponse,
  },
  async ({ actor, body, req, requestId }) => pullNow(actor, body, originOf(req, requestId)),
);
