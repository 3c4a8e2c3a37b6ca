import { apiRoute } from "@/lib/platform/api";
import { milestoneHistory } from "@/lib/scoring/history";
import { milestoneHistoryResponse, studentParams } from "@/lib/scoring/history-schemas";

export const GET = apiRoute(
  {
    summary: "The captured milestones of the teacher's rostered child (students.id) in the collection, with the grades frozen at each",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: studentParams,
    response: milestoneHistoryResponse,
  },
  async ({ actor, params }) => ({ milestones: await milestoneHistory(actor, params.id, params.studentId) }),
);
