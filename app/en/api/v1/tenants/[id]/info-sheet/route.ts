import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { infoSheetDownload } from "@/lib/info-sheet/download";
import { infoSheetResponse, publishInfoSheetBody } from "@/lib/info-sheet/schemas";
import { openTenantInfoSheet, publishTenantInfoSheet } from "@/lib/info-sheet/service";
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
    return infoSheetDownload(object);
  },
);

export const POST = apiRoute(
  {
    summary:
      "A system admin publishes their completed upload (purpose tenant-resource) as a tenant's info sheet, replacing the one before: a PDF of at most 10 MB",
    tags: ["System administration"],
    permission: "system.tenants",
    params: idParams,
    body: publishInfoSheetBody,
    response: infoSheetResponse,
  },
  async ({ actor, params, body, req, requestId }) => publishTenantInfoSheet(actor, params.id, body.fileId, originOf(req, requestId)),
);
