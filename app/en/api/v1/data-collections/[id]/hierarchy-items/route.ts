import { apiRoute } from "@/lib/platform/api";
import { listTeacherCollectionHierarchyItems } from "@/lib/collections/content";
import { collectionHierarchyItemsResponse } from "@/lib/collections/content-schemas";
import { collectionIdParams } from "@/lib/collections/schemas";

export const GET = apiRoute(
  {
    summary: "The domain tree of one of the teacher's collections; any other collection answers 404",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: collectionHierarchyItemsResponse,
  },
  async ({ actor, params }) => ({ hierarchyItems: await listTeacherCollectionHierarchyItems(actor, params.id) }),
);
