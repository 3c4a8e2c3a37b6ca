import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { completedResponse } from "@/lib/scoring/completion-schemas";
import { classCompletion } from "@/lib/scoring/completion";

export const GET = apiRoute(
  {
    summary: "Completion of the caller's class: totals and the result by items",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: completedResponse,
  },
  async ({ actor, params }) => ({ completed: await classCompletion(actor, params.id) }),
);
