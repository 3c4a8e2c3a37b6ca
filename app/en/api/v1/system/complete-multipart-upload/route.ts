import { apiRoute } from "@/lib/platform/api";
import { completeUploadInput, completeUploadResponse } from "@/lib/platform/storage/schemas";
import { completeUpload } from "@/lib/platform/storage/uploads";

/** Join the uploaded parts: {s3FileName, bucket, uploadId, parts: [{ETag, PartNumber}]}. */
export const POST = apiRoute(
  { summary: "Join the uploaded parts into the file", tags: ["Files"], body: completeUploadInput, response: completeUploadResponse },
  ({ actor, body }) => completeUpload(actor, body),
);
