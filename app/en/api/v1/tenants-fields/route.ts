import { apiRoute } from "@/lib/platform/api";
import { listTenantFields } from "@/lib/lookups/queries";
import { tenantFieldsQuery } from "@/lib/lookups/schemas";

export const GET = apiRoute({ query: tenantFieldsQuery }, async ({ actor, query }) => ({ tenantsFields: await listTenantFields(actor, query) }));
