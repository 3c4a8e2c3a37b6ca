import { apiRoute } from "@/lib/platform/api";
import { getTeacherCollection } from "@/lib/collections/queries";
import { collectionIdParams, teacherCollectionResponse, teacherCollectionsQuery } from "@/lib/collections/schemas";

export const GET = apiRoute(
  {
    summary: "One of the teacher's collections; any other answers 404",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    query: teacherCollectionsQuery,
    params: collectionIdParams,
    response: teacherCollectionResponse,
  },
  async ({ actor, params }) => ({ dataCollection: await getTeacherCollection(actor, params.id) }),
);
