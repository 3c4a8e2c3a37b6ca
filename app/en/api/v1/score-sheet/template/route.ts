import { apiRoute } from "@/lib/platform/api";
import { scoreSheetBody } from "@/lib/score-sheets/schemas";
import { childScoreSheet } from "@/lib/score-sheets/service";

/** The PDF itself; with generateRandomScores a practice sheet (random ticks, nothing saved). */
export const POST = apiRoute(
  {
    summary:
      "A rostered child's score sheet as a PDF: the collection's items with their scale entries, blank or (generateRandomScores, for training) ticked at random without saving any score",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    body: scoreSheetBody,
    content: "application/pdf",
  },
  async ({ actor, body }) => {
    const { body: pdf, headers } = await childScoreSheet(actor, body);
    return new Response(new Uint8Array(pdf), { status: 200, headers });
  },
);
