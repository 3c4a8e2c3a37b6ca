import { apiRoute } from "@/lib/platform/api";
import { listTeacherCollectionSets } from "@/lib/collections/content";
import { collectionSetsResponse } from "@/lib/collections/content-schemas";
import { collectionIdParams } from "@/lib/collections/schemas";

export const GET = apiRoute(
  {
    summary: "The item sets of one of the teacher's collections with their items; any other collection answers 404",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: collectionSetsResponse,
  },
  async ({ actor, params }) => ({ dataCollectionsSets: await listTeacherCollectionSets(actor, params.id) }),
);
