import { apiRoute } from "@/lib/platform/api";
import { onRequestOrigin } from "@/lib/platform/request";
import { createUploadInput, createUploadResponse } from "@/lib/platform/storage/schemas";
import { createUpload } from "@/lib/platform/storage/uploads";

/** Start a multipart upload: answers its id, the server's part size and one presigned URL per part. */
export const POST = apiRoute(
  {
    summary: "Start a multipart upload: its id, the part size and one presigned URL per part",
    tags: ["Files"],
    body: createUploadInput,
    response: createUploadResponse,
    errors: [429],
  },
  // Part URLs of the local store name the public address: the browser PUTs them on its own host.
  async ({ actor, body, req }) => {
    const upload = await createUpload(actor, body);
    return { ...upload, parts: upload.parts.map((p) => ({ ...p, url: onRequestOrigin(p.url, req.headers) })) };
  },
);
