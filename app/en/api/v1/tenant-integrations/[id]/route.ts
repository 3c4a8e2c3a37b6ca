import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { idParams, integrationIdResponse, integrationsResponse, updateIntegrationBody } from "@/lib/system/admin-schemas";
import { updateIntegration } from "@/lib/system/integrations";

export const PUT = apiRoute(
  {
    summary: "Change an integration's description or client id, or give it a new token",
    tags: ["System administration"],
    permission: "system.integrations",
    params: idParams,
    body: updateIntegrationBody,
    response: integrationIdResponse,
    reads: integrationsResponse,
  },
  ({ actor, params, body, req, requestId }) => updateIntegration(actor, params.id, body, originOf(req, requestId)),
);
