import { Readable } from "node:stream";
import { apiRoute } from "@/lib/platform/api";
import { contentDisposition } from "@/lib/platform/storage";
import { infoSheetResponse, publishInfoSheetBody } from "@/lib/info-sheet/schemas";
import { INFO_SHEET_FILE_NAME, openInfoSheet, publishInfoSheet } from "@/lib/info-sheet/service";

export const GET = apiRoute(
  {
    summary: "The tenant's info sheet PDF (from the tenant-resources storage location); 404 when none has been uploaded",
    tags: ["Files"],
    permission: "infoSheet.read",
    content: "application/pdf",
  },
  async ({ actor }) => {
    const object = await openInfoSheet(actor);
    return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: { "content-type": "application/pdf", "content-length": String(object.size), "content-disposition": contentDisposition(INFO_SHEET_FILE_NAME), "cache-control": "no-store" },
    });
  },
);

export const POST = apiRoute(
  {
    summary: "Publish one's completed upload (purpose tenant-resource) as the tenant's info sheet, replacing the one before: a PDF of at most 10 MB",
    tags: ["Files"],
    permission: "uploads.tenantResource",
    body: publishInfoSheetBody,
    response: infoSheetResponse,
  },
  async ({ actor, body }) => publishInfoSheet(actor, body.fileId),
);
