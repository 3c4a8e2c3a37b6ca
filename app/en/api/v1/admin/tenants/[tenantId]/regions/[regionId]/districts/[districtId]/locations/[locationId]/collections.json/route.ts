import { apiRoute } from "@/lib/platform/api";
import { listLevelCollections } from "@/lib/collections/admin-levels";
import { levelCollectionsResponse, locationLevelParams } from "@/lib/collections/admin-schemas";

export const GET = apiRoute(
  {
    summary: "The collections of a location: assigned to it, its district or its region (what its teachers see); snake_case fields",
    tags: ["Collections administration"],
    permission: "collections.manage",
    params: locationLevelParams,
    response: levelCollectionsResponse,
  },
  async ({ actor, params }) => ({ collections: await listLevelCollections(actor, params) }),
);
