import { apiRoute } from "@/lib/platform/api";
import { listTeacherCollections } from "@/lib/collections/queries";
import { teacherCollectionsQuery, teacherCollectionsResponse } from "@/lib/collections/schemas";

export const GET = apiRoute(
  {
    summary: "The teacher's collections: those assigned to their locations (or the district or region above)",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    query: teacherCollectionsQuery,
    response: teacherCollectionsResponse,
  },
  async ({ actor }) => ({ dataCollections: await listTeacherCollections(actor) }),
);
