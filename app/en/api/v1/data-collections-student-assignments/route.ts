import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { updateSupportComment } from "@/lib/scoring/supports";
import { assignmentResponse, supportCommentBody } from "@/lib/scoring/supports-schemas";

export const PUT = apiRoute(
  {
    summary: "Set or clear the supports note of a rostered student's assignment to one of the teacher's collections",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    body: supportCommentBody,
    response: assignmentResponse,
  },
  async ({ req, actor, body, requestId }) => ({ assignment: await updateSupportComment(actor, body.id, body.supportComment, originOf(req, requestId)) }),
);
