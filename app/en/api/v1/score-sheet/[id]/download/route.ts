import { apiRoute } from "@/lib/platform/api";
import { classSheetParams } from "@/lib/score-sheets/schemas";
import { classSheetDownload } from "@/lib/score-sheets/service";

export const GET = apiRoute(
  {
    summary: "Download one's finished class score sheets: a redirect to a short-lived signed URL of the PDF; 409 while it is being built or when it failed",
    tags: ["Collections"],
    permission: "collections.teacherRead",
    params: classSheetParams,
    status: 302,
  },
  // A plain Response: Response.redirect's headers are immutable and the wrapper adds a request id.
  async ({ actor, params }) =>
    new Response(null, { status: 302, headers: { location: await classSheetDownload(actor, params.id), "cache-control": "no-store" } }),
);
