import { apiRoute } from "@/lib/platform/api";
import { listTeacherCollectionScales } from "@/lib/collections/content";
import { collectionScalesResponse } from "@/lib/collections/content-schemas";
import { collectionIdParams } from "@/lib/collections/schemas";

export const GET = apiRoute(
  {
    summary: "The rating scales of one of the teacher's collections with their entries; any other collection answers 404",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: collectionScalesResponse,
  },
  async ({ actor, params }) => ({ scales: await listTeacherCollectionScales(actor, params.id) }),
);
