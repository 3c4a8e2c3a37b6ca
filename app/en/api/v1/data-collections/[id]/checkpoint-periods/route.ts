import { apiRoute, json } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { FILTERS_UPDATED } from "@/lib/displays/filters";
import { createPeriod, listPeriods } from "@/lib/displays/periods";
import { periodChangedResponse, periodCollectionParams, periodFields, periodsResponse } from "@/lib/displays/schemas";

export const GET = apiRoute(
  {
    summary: "A collection's checkpoint periods (collection-wide), earliest first",
    tags: ["Data displays"],
    permission: "displays.filters",
    params: periodCollectionParams,
    response: periodsResponse,
    errors: [403, 404],
  },
  async ({ actor, params }) => ({ checkpointPeriods: await listPeriods(actor, params.id) }),
);

export const POST = apiRoute(
  {
    summary: "Add a checkpoint period to a collection: label, color, startDate and endDate (unix seconds); administrators who reach it",
    tags: ["Data displays"],
    permission: "displays.admin",
    params: periodCollectionParams,
    body: periodFields,
    response: periodChangedResponse,
    status: 201,
    errors: [400, 403, 404],
  },
  async ({ req, actor, params, body, requestId }) =>
    json({ checkpointPeriod: await createPeriod(actor, params.id, body, originOf(req, requestId)), message: FILTERS_UPDATED }, 201),
);
