import { Readable } from "node:stream";
import { publicRoute } from "@/lib/platform/api";
import { openSignedDownload } from "@/lib/platform/storage/signed-routes";

/** A file of the local driver, authorised by the URL's signature; streamed, never read into memory. */
export const GET = publicRoute(
  { summary: "A file of the local storage driver, by a signed URL", tags: ["Files"], content: "application/octet-stream", errors: [403, 404] },
  async ({ req }) => {
    const { body, headers } = await openSignedDownload(req.nextUrl);
    return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status: 200, headers });
  },
);
