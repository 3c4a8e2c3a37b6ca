import { apiRoute } from "@/lib/platform/api";
import { listTenantDistricts } from "@/lib/organisations/queries";
import { districtsResponse, tenantOrgListParams, tenantOrgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  {
    summary: "The tenant's districts within the caller's reach (parentId: one region), as GET /districts lists them; another tenant's id is 404",
    tags: ["Organisations"],
    params: tenantOrgListParams,
    query: tenantOrgListQuery,
    response: districtsResponse,
  },
  async ({ actor, params, query }) => ({ districts: await listTenantDistricts(actor, params.tenantId, query) }),
);
