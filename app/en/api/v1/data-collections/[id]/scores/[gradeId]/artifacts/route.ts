import { apiRoute, json } from "@/lib/platform/api";
import { listArtifacts, recordArtifacts } from "@/lib/scoring/artifacts";
import { artifactsResponse, gradeParams, recordArtifactsInput } from "@/lib/scoring/artifacts-schemas";
import { originOf } from "@/lib/platform/audit";
import { onRequestOrigin } from "@/lib/platform/request";

/**
 * Download URLs of the local store name the public address: on a state's own host the evidence
 * dialog previews and downloads them from that host (img-src 'self'; a cross-origin link ignores `download`).
 */
const onHost = <T extends { downloadUrl: string }>(artifacts: T[], headers: Headers) =>
  artifacts.map((a) => ({ ...a, downloadUrl: onRequestOrigin(a.downloadUrl, headers) }));

export const GET = apiRoute(
  {
    summary: "The evidence files of a grade of the teacher's rostered student, each with a short-lived download URL",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: gradeParams,
    response: artifactsResponse,
  },
  async ({ actor, params, req }) => ({ artifacts: onHost(await listArtifacts(actor, params.id, params.gradeId), req.headers) }),
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
    json({ artifacts: onHost(await recordArtifacts(actor, params.id, params.gradeId, body, originOf(req, requestId)), req.headers) }, 201),
);
