import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { collectionIdParams } from "@/lib/collections/schemas";
import { commentBody, saveScoreBody, saveScoreResponse } from "@/lib/scoring/score-schemas";
import { commentScore, saveScore } from "@/lib/scoring/scores";

export const POST = apiRoute(
  {
    summary: "Set a rostered child's grade on an item (insert or change); history, audit and results commit with it",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: collectionIdParams,
    body: saveScoreBody,
    response: saveScoreResponse,
    errors: [409],
  },
  ({ actor, params, body, req, requestId }) => saveScore(actor, params.id, body, originOf(req, requestId)),
);

export const PUT = apiRoute(
  {
    summary: "Set or clear a grade's comment",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    oneTransaction: true,
    params: collectionIdParams,
    body: commentBody,
    response: saveScoreResponse,
    errors: [409],
  },
  ({ actor, params, body, req, requestId }) => commentScore(actor, params.id, body, originOf(req, requestId)),
);
