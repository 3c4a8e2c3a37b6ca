import { apiRoute } from "@/lib/platform/api";
import { listLocations } from "@/lib/organisations/queries";
import { locationsResponse, orgListQuery } from "@/lib/organisations/schemas";

export const GET = apiRoute(
  { summary: "Locations the caller reaches, optionally of one district (parentId)", tags: ["Organisations"], query: orgListQuery, response: locationsResponse },
  async ({ actor, query }) => ({ locations: await listLocations(actor, query) }),
);
