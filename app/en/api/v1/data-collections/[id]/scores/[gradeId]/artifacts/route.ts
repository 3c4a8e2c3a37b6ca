import { apiRoute, json } from "@/lib/platform/api";
import { listArtifacts, recordArtifacts } from "@/lib/scoring/artifacts";
import { artifactsResponse, gradeParams, recordArtifactsInput } from "@/lib/scoring/artifacts-schemas";
import { originOf } from "@/lib/platform/audit";

export const GET = apiRoute(
  {
    summary: "The evidence files of a grade of the teacher's rostered student, each with a short-lived download URL",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: gradeParams,
    response: artifactsResponse,
  },
  async ({ actor, params }) => ({ artifacts: await listArtifacts(actor, params.id, params.gradeId) }),
);

/** Attach files uploaded through the multipart protocol (purpose "evidence") by their storage keys. */
export const POST = apiRoute(
  {
    summary: "Attach uploaded evidence files to a grade (at most 20 per grade, 100 MB each; photos, PDF, audio, video)",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: gradeParams,
    body: recordArtifactsInput,
    response: artifactsResponse,
    status: 201,
    errors: [409],
  },
  async ({ actor, params, body, req, requestId }) =>
    json({ artifacts: await recordArtifacts(actor, params.id, params.gradeId, body, originOf(req, requestId)) }, 201),
);
