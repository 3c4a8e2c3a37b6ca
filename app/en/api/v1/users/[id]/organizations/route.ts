import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { idParams, userOrganizationsQuery, userOrganizationsResponse } from "@/lib/organisations/schemas";
import { listUserOrganizations } from "@/lib/organisations/user-organizations";
import { addLink, changeLink, removeLink } from "@/lib/users/links";
import { changeOrgLinkBody, deletedResponse, orgLinkBody, orgLinkQuery, organizationResponse } from "@/lib/users/schemas";

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

export const POST = apiRoute(
  {
    summary: "Associate a user with a region, district or location the caller administers (administrative true: as its admin)",
    tags: ["Users"],
    permission: "users.manage",
    params: idParams,
    body: orgLinkBody,
    response: organizationResponse,
  },
  async ({ actor, params, body, req, requestId }) => ({ organization: await addLink(actor, params.id, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Promote a user to admin of a linked organisation (administrative true) or demote them (false); memberUniqueId",
    tags: ["Users"],
    permission: "users.manage",
    params: idParams,
    body: changeOrgLinkBody,
    response: organizationResponse,
  },
  async ({ actor, params, body, req, requestId }) => ({ organization: await changeLink(actor, params.id, body, originOf(req, requestId)) }),
);

export const DELETE = apiRoute(
  {
    summary: "Disassociate a user from an organisation (query orgType and parentId)",
    tags: ["Users"],
    permission: "users.manage",
    params: idParams,
    query: orgLinkQuery,
    response: deletedResponse,
  },
  async ({ actor, params, query, req, requestId }) => removeLink(actor, params.id, query, originOf(req, requestId)),
);
