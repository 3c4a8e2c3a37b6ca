import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { mergeStudents } from "@/lib/students/merge";
import { mergeStudentsBody, mergeStudentsResponse } from "@/lib/students/merge-schemas";

export const POST = apiRoute(
  {
    summary:
      "Merge a duplicate student (secondary) into the primary in one transaction: enrollments, assignments, grades, evidence and outputs move; a grade both had keeps the newer, the other goes into the grade history; the secondary is retired, not deleted",
    tags: ["Transfers"],
    permission: "transfers.manage",
    body: mergeStudentsBody,
    response: mergeStudentsResponse,
  },
  async ({ actor, body, req, requestId }) => mergeStudents(actor, body, originOf(req, requestId)),
);
