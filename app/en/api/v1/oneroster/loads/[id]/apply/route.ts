import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { idParams, loadRequestedResponse } from "@/lib/oneroster/schemas";
import { applyOneRosterLoad } from "@/lib/oneroster/service";

export const POST = apiRoute(
  {
    summary: "Apply a checked OneRoster load: a job plans again and writes the changes in one transaction (409 before the dry run finished, or once applied)",
    tags: ["OneRoster"],
    permission: "oneroster.manage",
    params: idParams,
    response: loadRequestedResponse,
  },
  async ({ actor, params, req, requestId }) => applyOneRosterLoad(actor, params.id, originOf(req, requestId)),
);
