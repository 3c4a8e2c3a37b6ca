import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { requestSend } from "@/lib/edfi/connections";
import { collectionParams, runRequested, sendBody } from "@/lib/edfi/schemas";

export const POST = apiRoute(
  {
    summary: "Send a collection's results to the Ed-Fi ODS/API of the state or a district (a queued run: assessment, domains, each child's student assessment)",
    tags: ["Reports"],
    permission: "results.edfiSend",
    params: collectionParams,
    body: sendBody,
    response: runRequested,
  },
  async ({ actor, params, body, req, requestId }) => requestSend(actor, params.id, body.districtId, originOf(req, requestId)),
);
