import { apiRoute } from "@/lib/platform/api";
import { gradeHistory } from "@/lib/scoring/history";
import { gradeHistoryResponse, studentItemParams } from "@/lib/scoring/history-schemas";

export const GET = apiRoute(
  {
    summary: "Every change of one item's grade of the teacher's rostered child (students.id) in the collection, newest first",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: studentItemParams,
    response: gradeHistoryResponse,
  },
  async ({ actor, params }) => ({ history: await gradeHistory(actor, params.id, params.studentId, params.itemId) }),
);
