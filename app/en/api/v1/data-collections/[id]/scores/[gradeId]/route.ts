import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { deleteScoreQuery, deleteScoreResponse, gradeParams } from "@/lib/scoring/score-schemas";
import { deleteScore } from "@/lib/scoring/scores";

export const DELETE = apiRoute(
  {
    summary: "Clear a grade (refused while evidence is attached)",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    oneTransaction: true,
    params: gradeParams,
    query: deleteScoreQuery,
    response: deleteScoreResponse,
    errors: [409],
  },
  ({ actor, params, query, req, requestId }) => deleteScore(actor, params.id, params.gradeId, query.requestKey, originOf(req, requestId)),
);
