import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { replaceStudentSupports } from "@/lib/scoring/supports";
import { enrollmentIdParams, enrollmentSupportsBody, studentSupportsResponse } from "@/lib/scoring/supports-schemas";

export const PUT = apiRoute(
  {
    summary: "Replace a rostered student's supports in one of the teacher's collections",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    params: enrollmentIdParams,
    body: enrollmentSupportsBody,
    response: studentSupportsResponse,
  },
  async ({ req, actor, params, body, requestId }) => ({
    dataCollectionsStudentSupports: await replaceStudentSupports(actor, body.dataCollectionId, params.id, body.supportIds, originOf(req, requestId)),
  }),
);
