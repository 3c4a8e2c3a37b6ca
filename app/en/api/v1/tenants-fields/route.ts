import { apiRoute } from "@/lib/platform/api";
import { listTenantFields } from "@/lib/lookups/queries";
import { tenantFieldsQuery, tenantFieldsResponse } from "@/lib/lookups/schemas";

export const GET = apiRoute(
  {
    summary: "The tenant's field definitions (custom fields of an entity and the like)",
    tags: ["Lookups"],
    query: tenantFieldsQuery,
    response: tenantFieldsResponse,
  },
  async ({ actor, query }) => ({ tenantsFields: await listTenantFields(actor, query) }),
);
