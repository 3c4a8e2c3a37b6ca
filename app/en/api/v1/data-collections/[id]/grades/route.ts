import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { gradesResponse } from "@/lib/scoring/score-schemas";
import { listGrades } from "@/lib/scoring/grades";

export const GET = apiRoute(
  {
    summary: "Every grade of the caller's rostered children in one of their collections",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: collectionIdParams,
    response: gradesResponse,
  },
  async ({ actor, params }) => ({ grades: await listGrades(actor, params.id) }),
);
