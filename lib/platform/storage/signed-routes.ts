import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError, notFound } from "../errors";
import { storage } from "./index";
import { PART_INCOMPLETE, partTooLarge, type LocalStorage } from "./local";
import { contentDisposition } from "./rules";
import { verifySignedUrl } from "./signing";

/** The app serves part uploads and downloads only for the local driver; with S3 they go to S3. */
function localDriver(): LocalStorage {
  const store = storage();
  // Not `instanceof`: the process's one driver may have been made by another bundle's copy of the
  // class (a job run in the app process before any upload), which instanceof would not recognise.
  if (!("writePart" in store)) throw notFound("The requested API path does not exist");
  return store as LocalStorage;
}

/**
 * Store one part sent to a signed part URL; answers the part's ETag. The URL names the part's size:
 * a Content-Length above it is refused before reading, a body without one is cut off while streaming.
 */
export async function receiveSignedPart(url: URL, body: ReadableStream<Uint8Array> | null, contentLength: string | null): Promise<string> {
  const local = localDriver();
  const params = verifySignedUrl("PUT", url);
  const size = /^\d+$/.test(params.size ?? "") ? Number(params.size) : NaN;
  const declared = contentLength === null ? null : Number(contentLength);
  if (declared !== null && declared > size) throw new AppError(413, partTooLarge(size));
  if (!body || declared === 0) throw new AppError(400, "The part is empty");
  // A body cut short on the way (a proxy's size limit, a dropped connection) must not pass as the part.
  if (declared !== null && declared < size) throw new AppError(400, PART_INCOMPLETE);
  const stream = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const { etag } = await local.writePart({ key: params.key, uploadId: params.uploadId, partNumber: Number(params.partNumber), size }, stream);
  return etag;
}

/** Open the file behind a signed download URL, with the headers that make it a safe attachment. */
export async function openSignedDownload(url: URL): Promise<{ body: Readable; headers: Record<string, string> }> {
  const local = localDriver();
  const params = verifySignedUrl("GET", url);
  const object = await local.getObject(params.key);
  const fileName = params.fileName || params.key.split("/").pop() || "download";
  return {
    body: object.body,
    headers: {
      "content-type": object.contentType,
      "content-length": String(object.size),
      "content-disposition": contentDisposition(fileName),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      // Uploaded files never run as a page of this origin.
      "content-security-policy": "sandbox",
    },
  };
}
