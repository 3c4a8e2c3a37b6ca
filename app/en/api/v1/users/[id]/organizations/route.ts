import { apiRoute } from "@/lib/platform/api";
import { idParams, userOrganizationsQuery, userOrganizationsResponse } from "@/lib/organisations/schemas";
import { listUserOrganizations } from "@/lib/organisations/user-organizations";

export const GET = apiRoute(
  {
    summary: "A user's links to regions, districts and locations (admin=1: administrative only), within the caller's reach",
    tags: ["Users"],
    params: idParams,
    query: userOrganizationsQuery,
    response: userOrganizationsResponse,
  },
  async ({ actor, params, query }) => ({
    organizations: await listUserOrganizations(actor, params.id, { admin: query.admin }),
  }),
);
