import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { completedSetStudentsResponse } from "@/lib/scoring/completion-schemas";
import { setStudentCompletion } from "@/lib/scoring/completion";

export const GET = apiRoute(
  {
    summary: "Completion per item set and child",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: completedSetStudentsResponse,
  },
  async ({ actor, params }) => ({ sets: await setStudentCompletion(actor, params.id) }),
);
