import { apiRoute } from "@/lib/platform/api";
import { ratingSheetBody } from "@/lib/rating-sheets/schemas";
import { ratingSheet } from "@/lib/rating-sheets/service";

/** The PDF itself; behind the KRA_APP_CAPTURE_RATINGS_SHEET feature flag (403 without it). */
export const POST = apiRoute(
  {
    summary:
      "The teacher's class rating sheet for a collection as a PDF: a legend of the items with their rating scales, then one row per rostered child and one column per item with a box per rating; with includeScores the recorded ratings are ticked. Needs the KRA_APP_CAPTURE_RATINGS_SHEET feature",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    body: ratingSheetBody,
    content: "application/pdf",
  },
  async ({ actor, body }) => {
    const { body: pdf, headers } = await ratingSheet(actor, body);
    return new Response(new Uint8Array(pdf), { status: 200, headers });
  },
);
