import { apiRoute, json } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createFilter, FILTERS_UPDATED, listFilters, updateFilter } from "@/lib/displays/filters";
import { createFilterBody, filterChangedResponse, filterListQuery, filtersResponse, updateFilterBody } from "@/lib/displays/schemas";

export const GET = apiRoute(
  {
    summary: "The caller's saved data-display filters of a collection (optionally of one filterType)",
    tags: ["Data displays"],
    permission: "displays.filters",
    query: filterListQuery,
    response: filtersResponse,
    errors: [400, 403, 404],
  },
  async ({ actor, query }) => ({ filters: await listFilters(actor, query.dataCollectionId, query.filterType) }),
);

export const POST = apiRoute(
  {
    summary: "Save a data-display filter: name, color, dataCollectionsId, metadata (JSON with filterType, fromDate, toDate; dates become unix seconds)",
    tags: ["Data displays"],
    permission: "displays.filters",
    body: createFilterBody,
    response: filterChangedResponse,
    status: 201,
    errors: [400, 403, 404],
  },
  async ({ req, actor, body, requestId }) => json({ filter: await createFilter(actor, body, originOf(req, requestId)), message: FILTERS_UPDATED }, 201),
);

export const PUT = apiRoute(
  {
    summary: "Change one of the caller's saved filters (id in the body)",
    tags: ["Data displays"],
    permission: "displays.filters",
    body: updateFilterBody,
    response: filterChangedResponse,
    errors: [400, 403, 404],
  },
  async ({ req, actor, body, requestId }) => ({ filter: await updateFilter(actor, body.id, body, originOf(req, requestId)), message: FILTERS_UPDATED }),
);
