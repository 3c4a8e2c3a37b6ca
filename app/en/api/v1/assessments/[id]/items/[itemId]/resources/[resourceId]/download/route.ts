import { apiRoute } from "@/lib/platform/api";
import { resourceParams } from "@/lib/system/assessment-schemas";
import { resourceDownloadUrl } from "@/lib/system/resources";

/** A redirect to a short-lived signed URL of the file, under its original name. */
export const GET = apiRoute(
  {
    summary: "Download a resource: a redirect to a short-lived signed URL",
    tags: ["System administration"],
    permission: "system.assessments",
    params: resourceParams,
    status: 302,
  },
  // A plain Response: Response.redirect's headers are immutable and the wrapper adds a request id.
  async ({ actor, params }) =>
    new Response(null, {
      status: 302,
      headers: { location: await resourceDownloadUrl(actor, params.id, params.itemId, params.resourceId), "cache-control": "no-store" },
    }),
);
