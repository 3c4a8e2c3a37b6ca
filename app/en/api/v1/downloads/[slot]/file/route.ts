import { apiRoute } from "@/lib/platform/api";
import { downloadUrl } from "@/lib/downloads/queries";
import { slotParams } from "@/lib/downloads/schemas";

/** Download a slot's file: a redirect to a short-lived signed URL; 404 while nothing is published. */
export const GET = apiRoute(
  { summary: "Download a slot's file: a redirect to a short-lived signed URL", tags: ["Files"], params: slotParams, status: 302 },
  // A plain Response: Response.redirect's headers are immutable and the wrapper adds a request id.
  async ({ actor, params }) => new Response(null, { status: 302, headers: { location: await downloadUrl(actor, params.slot), "cache-control": "no-store" } }),
);
