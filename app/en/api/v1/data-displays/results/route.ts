import { publicRoute } from "@/lib/platform/api";
import { displayResultQuery, displayResultResponse } from "@/lib/displays/schemas";
import { openDisplay } from "@/lib/displays/service";

/** Authorised by the URL's signature (handed out by GET /data-displays/{role}/{type}), as a download is. */
export const GET = publicRoute(
  {
    summary: "The computed data display behind a signed URL from GET /data-displays/{role}/{type} (403 when unsigned, altered or expired)",
    tags: ["Data displays"],
    query: displayResultQuery,
    response: displayResultResponse,
    errors: [403, 404],
  },
  async ({ req }) => openDisplay(req.nextUrl),
);
