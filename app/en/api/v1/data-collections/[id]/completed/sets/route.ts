import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { completedSetsResponse } from "@/lib/scoring/completion-schemas";
import { setCompletion } from "@/lib/scoring/completion";

export const GET = apiRoute(
  {
    summary: "Completion per item set over the caller's class",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: completedSetsResponse,
  },
  async ({ actor, params }) => ({ sets: await setCompletion(actor, params.id) }),
);
