import { apiRoute } from "@/lib/platform/api";
import { completeUploadInput } from "@/lib/platform/storage/schemas";
import { completeUpload } from "@/lib/platform/storage/uploads";

/** Join the uploaded parts: {s3FileName, bucket, uploadId, parts: [{ETag, PartNumber}]}. */
export const POST = apiRoute({ body: completeUploadInput }, ({ actor, body }) => completeUpload(actor, body));
