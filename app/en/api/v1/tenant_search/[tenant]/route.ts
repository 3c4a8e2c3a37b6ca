import { tenantSearchParams, tenantSearchResponse } from "@/lib/auth/schemas";
import { searchTenant } from "@/lib/auth/tenants";
import { publicRoute } from "@/lib/platform/api";

/** GET /tenant_search/{tenant}: the name and logos of the tenant a host label names (public: the sign-in page needs it). */
export const GET = publicRoute(
  { summary: "The name and logos of the tenant a host label names", tags: ["Auth and profile"], params: tenantSearchParams, response: tenantSearchResponse },
  async ({ params }) => searchTenant(params.tenant),
);
