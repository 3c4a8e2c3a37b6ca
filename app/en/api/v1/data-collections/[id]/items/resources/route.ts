import { apiRoute } from "@/lib/platform/api";
import { listTeacherItemResources } from "@/lib/collections/resources";
import { itemResourcesResponse } from "@/lib/collections/resources-schemas";
import { collectionIdParams } from "@/lib/collections/schemas";

export const GET = apiRoute(
  {
    summary: "The resource files of the items of one of the teacher's collections; any other collection answers 404",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: itemResourcesResponse,
  },
  async ({ actor, params }) => ({ resources: await listTeacherItemResources(actor, params.id) }),
);
