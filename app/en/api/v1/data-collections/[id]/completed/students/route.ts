import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { completedStudentsResponse } from "@/lib/scoring/completion-schemas";
import { studentCompletion } from "@/lib/scoring/completion";

export const GET = apiRoute(
  {
    summary: "Completion per child of the caller's class",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: completedStudentsResponse,
  },
  async ({ actor, params }) => ({ students: await studentCompletion(actor, params.id) }),
);
