import { apiRoute } from "@/lib/platform/api";
import { listRuns } from "@/lib/edfi/connections";
import { collectionParams, connectionQuery, runsResponse } from "@/lib/edfi/schemas";

export const GET = apiRoute(
  {
    summary: "The runs sending a collection to the Ed-Fi ODS/API of the state or a district, newest first: status, records sent and refused",
    tags: ["Reports"],
    permission: "results.edfiSend",
    params: collectionParams,
    query: connectionQuery,
    response: runsResponse,
  },
  async ({ actor, params, query }) => listRuns(actor, params.id, query.districtId),
);
