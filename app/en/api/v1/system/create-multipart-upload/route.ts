import { apiRoute } from "@/lib/platform/api";
import { createUploadInput, createUploadResponse } from "@/lib/platform/storage/schemas";
import { createUpload } from "@/lib/platform/storage/uploads";

/** Start a multipart upload: answers its id, the server's part size and one presigned URL per part. */
export const POST = apiRoute(
  { summary: "Start a multipart upload: its id, the part size and one presigned URL per part", tags: ["Files"], body: createUploadInput, response: createUploadResponse, errors: [429] },
  ({ actor, body }) => createUpload(actor, body),
);
