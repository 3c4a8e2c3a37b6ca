import { apiRoute } from "@/lib/platform/api";
import { getFilter } from "@/lib/displays/filters";
import { collectionFilterParams, filterResponse } from "@/lib/displays/schemas";

/** Spec path /user/collections/{id}/filters/{filterId}.json: the segment takes the id with or without ".json". */
export const GET = apiRoute(
  {
    summary: "One of the caller's saved filters of a collection (the spec's {filterId}.json)",
    tags: ["Data displays"],
    permission: "displays.filters",
    params: collectionFilterParams,
    response: filterResponse,
    errors: [400, 403, 404],
  },
  async ({ actor, params }) => ({ filter: await getFilter(actor, params.id, params.filterId) }),
);
