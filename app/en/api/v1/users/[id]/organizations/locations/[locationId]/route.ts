import { apiRoute } from "@/lib/platform/api";
import { userOrganizationsQuery } from "@/lib/organisations/schemas";
import { userLocationLink } from "@/lib/users/members";
import { locationLinkParams, locationLinkResponse } from "@/lib/users/schemas";

export const GET = apiRoute(
  {
    summary: "A user's link to one location (admin=true: only an administrative one), within the caller's reach; 404 without one",
    tags: ["Users"],
    params: locationLinkParams,
    query: userOrganizationsQuery,
    response: locationLinkResponse,
  },
  async ({ actor, params, query }) => ({ organization: await userLocationLink(actor, params.id, params.locationId, query.admin) }),
);
