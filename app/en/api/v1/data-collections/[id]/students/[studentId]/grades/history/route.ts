import { apiRoute } from "@/lib/platform/api";
import { gradeHistory } from "@/lib/scoring/history";
import { gradeHistoryResponse, studentParams } from "@/lib/scoring/history-schemas";

export const GET = apiRoute(
  {
    summary: "Every grade change of the teacher's rostered child (students.id) in the collection, newest first",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: studentParams,
    response: gradeHistoryResponse,
  },
  async ({ actor, params }) => ({ history: await gradeHistory(actor, params.id, params.studentId) }),
);
