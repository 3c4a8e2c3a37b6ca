import { apiRoute } from "@/lib/platform/api";
import { listTenantRegions } from "@/lib/organisations/queries";
import { regionsResponse, tenantOrgListParams, tenantOrgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  {
    summary: "The tenant's regions within the caller's reach, as GET /regions lists them; another tenant's id is 404",
    tags: ["Organisations"],
    params: tenantOrgListParams,
    query: tenantOrgListQuery,
    response: regionsResponse,
  },
  async ({ actor, params, query }) => ({ regions: await listTenantRegions(actor, params.tenantId, query) }),
);
