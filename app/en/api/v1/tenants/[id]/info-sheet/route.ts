import { Readable } from "node:stream";
import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { contentDisposition } from "@/lib/platform/storage";
import { infoSheetResponse, publishInfoSheetBody } from "@/lib/info-sheet/schemas";
import { INFO_SHEET_FILE_NAME, openTenantInfoSheet, publishTenantInfoSheet } from "@/lib/info-sheet/service";
import { idParams } from "@/lib/system/admin-schemas";

export const GET = apiRoute(
  {
    summary: "A tenant's info sheet PDF, for a system admin; 404 when none has been uploaded or the tenant does not exist",
    tags: ["System administration"],
    permission: "system.tenants",
    params: idParams,
    content: "application/pdf",
    errors: [404],
  },
  async ({ actor, params }) => {
    const object = await openTenantInfoSheet(actor, params.id);
    return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: { "content-type": "application/pdf", "content-length": String(object.size), "content-disposition": contentDisposition(INFO_SHEET_FILE_NAME), "cache-control": "no-store" },
    });
  },
);

export const POST = apiRoute(
  {
    summary: "A system admin publishes their completed upload (purpose tenant-resource) as a tenant's info sheet, replacing the one before: a PDF of at most 10 MB",
    tags: ["System administration"],
    permission: "system.tenants",
    params: idParams,
    body: publishInfoSheetBody,
    response: infoSheetResponse,
  },
  async ({ actor, params, body, req, requestId }) => publishTenantInfoSheet(actor, params.id, body.fileId, originOf(req, requestId)),
);
