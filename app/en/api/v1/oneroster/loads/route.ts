import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listQuery, loadListResponse, loadRequestedResponse, requestLoadBody } from "@/lib/oneroster/schemas";
import { listOneRosterLoads, requestOneRosterLoad } from "@/lib/oneroster/service";

export const GET = apiRoute(
  {
    summary: "One's OneRoster loads, newest first (a tenant admin: the tenant's)",
    tags: ["OneRoster"],
    permission: "oneroster.manage",
    query: listQuery,
    response: loadListResponse,
  },
  async ({ actor, query }) => listOneRosterLoads(actor, query),
);

export const POST = apiRoute(
  {
    summary:
      "Check a OneRoster 1.2 CSV bundle (a completed upload of purpose oneroster) and plan its changes: the dry run, nothing is written. The same upload again answers the same load",
    tags: ["OneRoster"],
    permission: "oneroster.manage",
    body: requestLoadBody,
    response: loadRequestedResponse,
  },
  async ({ actor, body, req, requestId }) => requestOneRosterLoad(actor, body, originOf(req, requestId)),
);
