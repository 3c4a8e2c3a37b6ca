import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { deletedResponse, idParams } from "@/lib/system/admin-schemas";
import { deleteLicense } from "@/lib/system/integrations";

export const DELETE = apiRoute(
  { summary: "Revoke an integration license", tags: ["System administration"], permission: "system.integrations", params: idParams, response: deletedResponse },
  ({ actor, params, req, requestId }) => deleteLicense(actor, params.id, originOf(req, requestId)),
);
