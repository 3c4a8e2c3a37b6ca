import { apiRoute } from "@/lib/platform/api";
import { layerCounts } from "@/lib/displays/layers";
import { layerCountsBody, layerCountsResponse } from "@/lib/displays/schemas";

export const POST = apiRoute(
  {
    summary:
      "Filter layers counted on the server for an admin display that lists no children (a state or a region): per layer, its children per performance level and per domain band. " +
      "Layers: iep, ell, ses (all/true/false), cares, races (bits), genders, regions, districts, locations, students",
    tags: ["Data displays"],
    permission: "displays.admin",
    body: layerCountsBody,
    response: layerCountsResponse,
    errors: [400, 403, 404],
  },
  async ({ actor, body }) => ({ layers: await layerCounts(actor, body.dataCollectionId, body, body.layers) }),
);
