import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createLocation, updateLocation } from "@/lib/organisations/admin-save";
import { createLocationBody, locationResponse, updateLocationBody } from "@/lib/organisations/admin-schemas";
import { listLocations } from "@/lib/organisations/queries";
import { locationsResponse, orgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "Locations the caller reaches, optionally of one district (parentId)", tags: ["Organisations"], query: orgListQuery, response: locationsResponse },
  async ({ actor, query }) => ({ locations: await listLocations(actor, query) }),
);

export const POST = apiRoute(
  {
    summary: "Create a location in a district the caller administers (parentDistrictId, nameLabel, uniqueId)",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: createLocationBody,
    response: locationResponse,
  },
  async ({ actor, body, req, requestId }) => ({ location: await createLocation(actor, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Edit a location (id, nameLabel, uniqueId); delete is PUT with id and active false (spec §4)",
    tags: ["Organisations"],
    permission: "organisations.manage",
    body: updateLocationBody,
    response: locationResponse,
  },
  async ({ actor, body, req, requestId }) => ({ location: await updateLocation(actor, body, originOf(req, requestId)) }),
);
