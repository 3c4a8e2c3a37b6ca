import { apiRoute } from "@/lib/platform/api";
import { infoSheetDownload } from "@/lib/info-sheet/download";
import { infoSheetResponse, publishInfoSheetBody } from "@/lib/info-sheet/schemas";
import { openInfoSheet, publishInfoSheet } from "@/lib/info-sheet/service";

export const GET = apiRoute(
  {
    summary: "The tenant's info sheet PDF (from the tenant-resources storage location); 404 when none has been uploaded",
    tags: ["Files"],
    permission: "infoSheet.read",
    content: "application/pdf",
  },
  async ({ actor }) => {
    const object = await openInfoSheet(actor);
    return infoSheetDownload(object);
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
