import { apiRoute } from "@/lib/platform/api";
import { listIntegrationUsers } from "@/lib/organisations/integrations";
import { districtQuery, integrationUsersResponse } from "@/lib/organisations/integration-schemas";

export const GET = apiRoute(
  {
    summary: "The integration users of a district's data integration (districtId): id, firstName, lastName, email",
    tags: ["Organisations"],
    permission: "organisations.manage",
    query: districtQuery,
    response: integrationUsersResponse,
  },
  async ({ actor, query }) => ({ users: await listIntegrationUsers(actor, query.districtId) }),
);
