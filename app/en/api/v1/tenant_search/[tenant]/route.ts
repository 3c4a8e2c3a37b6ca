import { z } from "zod";
import { searchTenant } from "@/lib/auth/tenants";
import { publicRoute } from "@/lib/platform/api";

/** GET /tenant_search/{tenant}: the name and logos of the tenant a host label names (public: the sign-in page needs it). */
export const GET = publicRoute({ params: z.object({ tenant: z.string() }) }, async ({ params }) => searchTenant(params.tenant));
