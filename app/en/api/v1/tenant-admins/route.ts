import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createTenantAdminBody, tenantAdminResponse, tenantAdminsQuery, tenantAdminsResponse, updateTenantAdminBody } from "@/lib/system/admin-schemas";
import { createTenantAdmin, listTenantAdmins, updateTenantAdmin } from "@/lib/system/tenants";

const doc = { tags: ["System administration"], permission: "system.tenants" as const };

export const GET = apiRoute(
  { ...doc, summary: "Tenant admins (users with ROLE_TENANT_ADMIN), of every tenant or of tenantId", query: tenantAdminsQuery, response: tenantAdminsResponse },
  async ({ actor, query }) => ({
    tenantAdmins: await listTenantAdmins(actor, query.tenantId),
  }),
);

export const POST = apiRoute(
  {
    ...doc,
    summary: "Make a new user the tenant's admin (tenant admin and admin roles); mails the registration link",
    body: createTenantAdminBody,
    response: tenantAdminResponse,
  },
  async ({ actor, body, req, requestId }) => ({ tenantAdmin: await createTenantAdmin(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change a tenant admin's names, email or enabled flag", body: updateTenantAdminBody, response: tenantAdminResponse },
  async ({ actor, body, req, requestId }) => ({
    tenantAdmin: await updateTenantAdmin(actor, body, originOf(req, requestId)),
  }),
);
