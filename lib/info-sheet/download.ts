import "server-only";
import { Readable } from "node:stream";
import { contentDisposition } from "@/lib/platform/storage";
import { INFO_SHEET_FILE_NAME } from "./service";

/** A stored info sheet as the PDF download both info-sheet routes answer. */
export function infoSheetDownload(object: { body: Readable; size: number }): Response {
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(object.size),
      "content-disposition": contentDisposition(INFO_SHEET_FILE_NAME),
      "cache-control": "no-store",
    },
  });
}
