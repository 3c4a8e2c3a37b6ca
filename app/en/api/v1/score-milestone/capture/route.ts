import { apiRoute } from "@/lib/platform/api";
import { captureMilestone } from "@/lib/scoring/milestones";
import { captureMilestoneInput, captureMilestoneResponse } from "@/lib/scoring/milestones-schemas";
import { originOf } from "@/lib/platform/audit";

export const POST = apiRoute(
  {
    summary: "Freeze the teacher's rostered child's current grades in the collection for an open milestone (again: replaces the snapshot)",
    tags: ["Collections"],
    permission: "scores.teacherWrite",
    body: captureMilestoneInput,
    response: captureMilestoneResponse,
    errors: [409],
  },
  async ({ actor, body, req, requestId }) => ({ scoreMilestone: await captureMilestone(actor, body, originOf(req, requestId)) }),
);
