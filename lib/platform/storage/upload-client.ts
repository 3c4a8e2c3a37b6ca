import type { FilePurpose } from "@/db/schema/files";

/**
 * The browser side of the spec's multipart protocol (also usable from Node): ask for an upload,
 * PUT each part to its presigned URL collecting ETags, then complete. Works against S3 and against
 * the local driver's signed routes alike. Imports nothing of the server.
 */

const uploadPartFailed = (partNumber: number) => `Failed to upload part ${partNumber}`;

interface UploadedFile {
  id: number;
  s3FileName: string;
  bucket: string;
  size: number;
}

interface UploadOptions {
  purpose: FilePurpose;
  /** File name when the body is a Blob without one. */
  fileName?: string;
  apiBase?: string;
  /** Extra headers for the API calls (an Authorization header for bearer clients). */
  headers?: Record<string, string>;
  concurrency?: number;
  attempts?: number;
  onProgress?: (uploadedBytes: number, totalBytes: number) => void;
  fetch?: typeof fetch;
}

interface CreatedUpload {
  id: number;
  uploadId: string;
  bucket: string;
  s3FileName: string;
  partSize: number;
  parts: { partNumber: number; url: string }[];
}

async function apiCall<T>(doFetch: typeof fetch, url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const res = await doFetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => null)) as ({ message?: string } & T) | null;
  if (!res.ok) throw new Error(data?.message || "Something went wrong");
  return data as T;
}

/** One part, retried on network errors and 5xx answers; a refusal (4xx) is final. */
async function putPart(doFetch: typeof fetch, url: string, body: Blob, partNumber: number, attempts: number): Promise<string> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const res = await doFetch(url, { method: "PUT", body, credentials: "omit" }).catch(() => null);
    const etag = res?.ok ? res.headers.get("etag") : null;
    if (etag) return etag;
    if (res && res.status < 500) break;
  }
  throw new Error(uploadPartFailed(partNumber));
}

export async function uploadFile(file: Blob, options: UploadOptions): Promise<UploadedFile> {
  const doFetch = options.fetch ?? fetch;
  const apiBase = options.apiBase ?? "/en/api/v1";
  const headers = options.headers ?? {};
  const fileName = options.fileName ?? (file as File).name ?? "upload";
  const upload = await apiCall<CreatedUpload>(
    doFetch,
    `${apiBase}/system/create-multipart-upload`,
    { fileName, contentType: file.type || "application/octet-stream", size: file.size, purpose: options.purpose },
    headers,
  );

  const etags: string[] = [];
  let next = 0;
  let uploaded = 0;
  let failed = false;
  const worker = async () => {
    while (next < upload.parts.length && !failed) {
      const { partNumber, url } = upload.parts[next++];
      const start = (partNumber - 1) * upload.partSize;
      const chunk = file.slice(start, Math.min(start + upload.partSize, file.size));
      try {
        etags[partNumber - 1] = await putPart(doFetch, url, chunk, partNumber, options.attempts ?? 3);
      } catch (error) {
        failed = true; // the other workers stop taking parts
        throw error;
      }
      uploaded += chunk.size;
      options.onProgress?.(uploaded, file.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 4, upload.parts.length) }, worker));

  const parts = upload.parts.map((p) => ({ ETag: etags[p.partNumber - 1], PartNumber: p.partNumber }));
  return apiCall<UploadedFile>(
    doFetch,
    `${apiBase}/system/complete-multipart-upload`,
    { s3FileName: upload.s3FileName, bucket: upload.bucket, uploadId: upload.uploadId, parts },
    headers,
  );
}
