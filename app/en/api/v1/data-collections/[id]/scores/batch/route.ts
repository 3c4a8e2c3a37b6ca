import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { collectionIdParams } from "@/lib/collections/schemas";
import { saveScoresBody, saveScoresResponse } from "@/lib/scoring/score-schemas";
import { saveScores } from "@/lib/scoring/scores";

export const POST = apiRoute(
  {
    summary:
      "Set up to 500 grades in one call (paste, the offline queue): each cell is checked and written as the single save is, with its history and audit rows; a refused cell answers its own status and blocks no other",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    body: saveScoresBody,
    response: saveScoresResponse,
  },
  async ({ actor, params, body, req, requestId }) => {
    const cells = await saveScores(actor, params.id, body.scores, originOf(req, requestId));
    return { scores: cells.map((c) => ("error" in c ? { status: c.error.status, message: c.error.message } : { status: 200 as const, ...c })) };
  },
);
