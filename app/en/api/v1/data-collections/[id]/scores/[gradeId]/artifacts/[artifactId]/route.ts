import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { deleteArtifact } from "@/lib/scoring/artifacts";
import { artifactParams, deleteArtifactResponse } from "@/lib/scoring/artifacts-schemas";

export const DELETE = apiRoute(
  {
    summary: "Remove an evidence file from a grade, and the stored file with it",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: artifactParams,
    response: deleteArtifactResponse,
    errors: [409],
  },
  async ({ actor, params, req, requestId }) => {
    await deleteArtifact(actor, params.id, params.gradeId, params.artifactId, originOf(req, requestId));
    return { id: params.artifactId };
  },
);
