import "server-only";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AppError, notFound } from "../errors";
import { storage } from "./index";
import { LocalStorage } from "./local";
import { contentDisposition } from "./rules";
import { verifySignedUrl } from "./signing";
import { MiB } from "./types";

/** The app serves part uploads and downloads only for the local driver; with S3 they go to S3. */
function localDriver(): LocalStorage {
  const store = storage();
  if (!(store instanceof LocalStorage)) throw notFound("The requested API path does not exist");
  return store;
}

/** Store one part sent to a signed part URL; answers the part's ETag. */
export async function receiveSignedPart(url: URL, body: ReadableStream<Uint8Array> | null, contentLength: string | null): Promise<string> {
  const local = localDriver();
  const params = verifySignedUrl("PUT", url);
  const declared = contentLength === null ? null : Number(contentLength);
  if (declared !== null && declared > local.maxPartSize) throw new AppError(413, `A part may not exceed ${local.maxPartSize / MiB} MiB`);
  if (!body || declared === 0) throw new AppError(400, "The part is empty");
  const stream = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const part = { key: params.key, uploadId: params.uploadId, partNumber: Number(params.partNumber) };
  const { etag, size } = await local.writePart(part, stream);
  // A body cut short on the way (a proxy's size limit, a dropped connection) must not pass as the part.
  if (declared !== null && Number.isFinite(declared) && size !== declared) {
    throw new AppError(400, "The part was not received completely");
  }
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
