import { apiRoute } from "@/lib/platform/api";
import { availableStudents } from "@/lib/enrollments/rosters";
import { availableParams, availableQuery, availableResponse } from "@/lib/enrollments/schemas";

export const GET = apiRoute(
  {
    summary:
      "Students a teacher could be given: active enrollments at the teacher's locations in reach not yet on their roster (optional location and name or state id start; at most 500)",
    tags: ["Rosters"],
    permission: "students.manage",
    params: availableParams,
    query: availableQuery,
    response: availableResponse,
  },
  async ({ actor, params, query }) => availableStudents(actor, params.userId, query),
);
