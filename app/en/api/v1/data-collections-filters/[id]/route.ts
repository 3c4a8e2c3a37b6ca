import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { deleteFilter, FILTERS_UPDATED } from "@/lib/displays/filters";
import { filterDeletedResponse, filterIdParams } from "@/lib/displays/schemas";

export const DELETE = apiRoute(
  {
    summary: "Delete one of the caller's saved filters",
    tags: ["Data displays"],
    permission: "displays.filters",
    params: filterIdParams,
    response: filterDeletedResponse,
    errors: [403, 404],
  },
  async ({ req, actor, params, requestId }) => {
    await deleteFilter(actor, params.id, originOf(req, requestId));
    return { message: FILTERS_UPDATED };
  },
);
