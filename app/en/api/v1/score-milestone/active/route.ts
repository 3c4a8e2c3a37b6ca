import { apiRoute } from "@/lib/platform/api";
import { activeMilestones } from "@/lib/scoring/milestones";
import { activeMilestonesQuery, activeMilestonesResponse } from "@/lib/scoring/milestones-schemas";

export const GET = apiRoute(
  {
    summary: "The milestones open for capture now, with how many of the teacher's children in the collection are captured",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    query: activeMilestonesQuery,
    response: activeMilestonesResponse,
  },
  async ({ actor, query }) => ({ scoreMilestones: await activeMilestones(actor, query.dataCollectionId) }),
);
