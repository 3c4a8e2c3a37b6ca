import { apiRoute } from "@/lib/platform/api";
import { classSheetBody, classSheetResponse } from "@/lib/score-sheets/schemas";
import { classScoreSheet } from "@/lib/score-sheets/service";

export const POST = apiRoute(
  {
    summary:
      "Ask for the score sheets of every child on the teacher's roster for the collection, one PDF built by a job; answers the URL the PDF is downloaded from once ready (poll GET /score-sheet/{id})",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    body: classSheetBody,
    response: classSheetResponse,
  },
  async ({ actor, body }) => classScoreSheet(actor, body),
);
