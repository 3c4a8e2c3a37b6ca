import { apiRoute } from "@/lib/platform/api";
import { listLevelCollections } from "@/lib/collections/admin-levels";
import { levelCollectionsResponse, regionLevelParams } from "@/lib/collections/admin-schemas";

export const GET = apiRoute(
  {
    summary: "The collections of a region: assigned to it or to a district or location in it; snake_case fields",
    tags: ["Collections administration"],
    permission: "collections.manage",
    params: regionLevelParams,
    response: levelCollectionsResponse,
  },
  async ({ actor, params }) => ({ collections: await listLevelCollections(actor, params) }),
);
