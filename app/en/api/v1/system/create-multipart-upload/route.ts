import { apiRoute } from "@/lib/platform/api";
import { createUploadInput } from "@/lib/platform/storage/schemas";
import { createUpload } from "@/lib/platform/storage/uploads";

/** Start a multipart upload: answers its id, the server's part size and one presigned URL per part. */
export const POST = apiRoute({ body: createUploadInput }, ({ actor, body }) => createUpload(actor, body));
