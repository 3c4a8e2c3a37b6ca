import "server-only";
import type { OrgType } from "@/db/schema";
import { apiRoute } from "@/lib/platform/api";
import { notFound } from "@/lib/platform/errors";
import { memberParams, memberQuery, userOrganizationsResponse } from "./schemas";
import { listUserOrganizations } from "./user-organizations";

/**
 * GET /admin/tenants/{tenantId}/users/{userId}/{region|district|location}/member.json (spec §7
 * 'Users'): the user's links at one level, as GET /users/{id}/organizations answers them (admin=1:
 * administrative only), within the caller's reach. Another tenant's id, or a user out of reach, 404.
 */
export function memberRoute(orgType: OrgType) {
  return apiRoute(
    {
      summary: `A user's ${orgType} links (admin=1: only those where they are admin) within the caller's reach; time is cache-busting and ignored`,
      tags: ["Users"],
      params: memberParams,
      query: memberQuery,
      response: userOrganizationsResponse,
    },
    async ({ actor, params, query }) => {
      if (params.tenantId !== actor.tenantId) throw notFound();
      return { organizations: await listUserOrganizations(actor, params.userId, { admin: query.admin, orgType }) };
    },
  );
}
