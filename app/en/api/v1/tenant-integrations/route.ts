import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createIntegrationBody, integrationIdResponse, integrationsQuery, integrationsResponse } from "@/lib/system/admin-schemas";
import { createIntegration, listIntegrations } from "@/lib/system/integrations";

const doc = { tags: ["System administration"], permission: "system.integrations" as const };

export const GET = apiRoute(
  { ...doc, summary: "A tenant's integrations with their licenses", query: integrationsQuery, response: integrationsResponse },
  async ({ actor, query }) => ({
    tenantIntegrations: await listIntegrations(actor, query.tenantId),
  }),
);

export const POST = apiRoute(
  {
    ...doc,
    summary: "Create an integration {tenantId, token, description, clientId}; the token is kept as a hash only",
    body: createIntegrationBody,
    response: integrationIdResponse,
  },
  ({ actor, body, req, requestId }) => createIntegration(actor, body, originOf(req, requestId)),
);
