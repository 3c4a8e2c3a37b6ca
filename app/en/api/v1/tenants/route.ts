import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createTenantBody, tenantResponse, tenantsResponse, updateTenantBody } from "@/lib/system/admin-schemas";
import { createTenant, listTenants, updateTenant } from "@/lib/system/tenants";

const doc = { tags: ["System administration"], permission: "system.tenants" as const };

export const GET = apiRoute({ ...doc, summary: "Every tenant (state programme)", response: tenantsResponse }, async ({ actor }) => ({
  tenants: await listTenants(actor),
}));

export const POST = apiRoute(
  { ...doc, summary: "Create a tenant: name, host prefix (slug, from the name when absent) and logo URL", body: createTenantBody, response: tenantResponse },
  async ({ actor, body, req, requestId }) => ({
    tenant: await createTenant(actor, body, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change a tenant's name or logo URL", body: updateTenantBody, response: tenantResponse },
  async ({ actor, body, req, requestId }) => ({
    tenant: await updateTenant(actor, body, originOf(req, requestId)),
  }),
);
