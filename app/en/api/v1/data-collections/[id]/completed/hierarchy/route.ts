import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { completedHierarchyResponse } from "@/lib/scoring/completion-schemas";
import { hierarchyCompletion } from "@/lib/scoring/completion";

export const GET = apiRoute(
  {
    summary: "Completion per domain over the caller's class",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: completedHierarchyResponse,
  },
  async ({ actor, params }) => ({ hierarchy: await hierarchyCompletion(actor, params.id) }),
);
