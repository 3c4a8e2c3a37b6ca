import { publicRoute } from "@/lib/platform/api";
import { receiveSignedPart } from "@/lib/platform/storage/signed-routes";

/**
 * A part of a multipart upload to the local driver, authorised by the URL's signature rather than
 * a session. No body schema: the wrapper leaves the binary body for the service to stream.
 */
export const PUT = publicRoute(
  {
    summary: "One part of a multipart upload to the local storage driver, by a signed URL; answers its ETag header",
    tags: ["Files"],
    errors: [400, 403, 404, 409, 413],
  },
  async ({ req }) => {
    const etag = await receiveSignedPart(req.nextUrl, req.body, req.headers.get("content-length"));
    return new Response(null, { status: 200, headers: { ETag: etag, "Access-Control-Expose-Headers": "ETag" } });
  },
);
