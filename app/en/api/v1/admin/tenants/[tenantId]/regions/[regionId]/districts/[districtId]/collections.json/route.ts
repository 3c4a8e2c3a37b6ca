import { apiRoute } from "@/lib/platform/api";
import { listLevelCollections } from "@/lib/collections/admin-levels";
import { levelCollectionsResponse, districtLevelParams } from "@/lib/collections/admin-schemas";

export const GET = apiRoute(
  {
    summary: "The collections of a district: assigned to it, its region, or a location in it; snake_case fields",
    tags: ["Collections administration"],
    permission: "collections.manage",
    params: districtLevelParams,
    response: levelCollectionsResponse,
  },
  async ({ actor, params }) => ({ collections: await listLevelCollections(actor, params) }),
);
