import { apiRoute } from "@/lib/platform/api";
import { listTeacherCollectionItems } from "@/lib/collections/content";
import { collectionItemsResponse } from "@/lib/collections/content-schemas";
import { collectionIdParams } from "@/lib/collections/schemas";

export const GET = apiRoute(
  {
    summary: "The items of one of the teacher's collections, in order; any other collection answers 404",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: collectionItemsResponse,
  },
  async ({ actor, params }) => ({ assessmentItems: await listTeacherCollectionItems(actor, params.id) }),
);
