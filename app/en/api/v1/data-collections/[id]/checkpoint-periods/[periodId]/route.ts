import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { FILTERS_UPDATED } from "@/lib/displays/filters";
import { deletePeriod, updatePeriod } from "@/lib/displays/periods";
import { periodChangedResponse, periodDeletedResponse, periodFields, periodParams } from "@/lib/displays/schemas";

export const PUT = apiRoute(
  {
    summary: "Change a collection's checkpoint period; administrators who reach the collection",
    tags: ["Data displays"],
    permission: "displays.admin",
    params: periodParams,
    body: periodFields,
    response: periodChangedResponse,
    errors: [400, 403, 404],
  },
  async ({ req, actor, params, body, requestId }) => ({
    checkpointPeriod: await updatePeriod(actor, params.id, params.periodId, body, originOf(req, requestId)),
    message: FILTERS_UPDATED,
  }),
);

export const DELETE = apiRoute(
  {
    summary: "Remove a collection's checkpoint period; administrators who reach the collection",
    tags: ["Data displays"],
    permission: "displays.admin",
    params: periodParams,
    response: periodDeletedResponse,
    errors: [403, 404],
  },
  async ({ req, actor, params, requestId }) => {
    await deletePeriod(actor, params.id, params.periodId, originOf(req, requestId));
    return { message: FILTERS_UPDATED };
  },
);
