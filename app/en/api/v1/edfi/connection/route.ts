import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { getConnection, saveConnection } from "@/lib/edfi/connections";
import { connectionBody, connectionQuery, connectionResponse, connectionSaved, connectionView } from "@/lib/edfi/schemas";

const doc = { tags: ["Reports"], permission: "results.edfiSend" as const };

export const GET = apiRoute(
  {
    ...doc,
    summary: "The Ed-Fi ODS/API connection of the state (tenant admins) or of a district one administers; the secret is never answered",
    query: connectionQuery,
    response: connectionResponse,
  },
  async ({ actor, query }) => getConnection(actor, query.districtId),
);

export const PUT = apiRoute(
  {
    ...doc,
    summary:
      "Create or change the Ed-Fi ODS/API connection of the state or a district: base URL, token URL, client id and secret (kept encrypted; left out, the saved one stays)",
    body: connectionBody,
    response: connectionSaved,
    reads: connectionView,
  },
  async ({ actor, body, req, requestId }) => saveConnection(actor, body, originOf(req, requestId)),
);
