import { apiRoute } from "@/lib/platform/api";
import { classSheetBody, classSheetResponse } from "@/lib/score-sheets/schemas";
import { classScoreSheet } from "@/lib/score-sheets/service";

export const POST = apiRoute(
  {
    summary: "The score sheets of every child on the teacher's roster for the collection, one PDF, answered as a short-lived URL",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    body: classSheetBody,
    response: classSheetResponse,
  },
  async ({ actor, body }) => classScoreSheet(actor, body),
);
