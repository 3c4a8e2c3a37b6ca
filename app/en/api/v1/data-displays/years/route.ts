import { apiRoute } from "@/lib/platform/api";
import { yearsQuery, yearsResponse } from "@/lib/displays/schemas";
import { compareYears } from "@/lib/displays/years";

export const GET = apiRoute(
  {
    summary:
      "Performance-level distributions of one assessment across school years, for the state, a region or a district within the caller's reach: " +
      "the collection chosen beside compareWith (a collection of the same assessment in another school year), and the collections that can be compared",
    tags: ["Data displays"],
    permission: "displays.admin",
    query: yearsQuery,
    response: yearsResponse,
    errors: [400, 403, 404],
  },
  async ({ actor, query }) => compareYears(actor, query),
);
