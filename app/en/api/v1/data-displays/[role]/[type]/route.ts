import { apiRoute } from "@/lib/platform/api";
import { displayParams, displayQuery, displayUrlResponse } from "@/lib/displays/schemas";
import { displayUrl } from "@/lib/displays/service";

export const GET = apiRoute(
  {
    summary:
      "A data display of a collection (pld, domains, single-domain, students): answers a signed URL, valid five minutes, that is then fetched. " +
      "teacher: the caller's rostered class; admin: the caller's reach, drilled down by regionId, districtId, locationId and teacherId. " +
      "Progress rows (students) come with every type for a school or class, and for a district only with type=students",
    tags: ["Data displays"],
    params: displayParams,
    query: displayQuery,
    response: displayUrlResponse,
    errors: [400, 403, 404],
  },
  async ({ actor, params, query }) => displayUrl(actor, params.role, params.type, query),
);
