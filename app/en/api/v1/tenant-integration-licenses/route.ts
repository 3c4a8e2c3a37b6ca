import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createLicenseBody, licenseResponse } from "@/lib/system/admin-schemas";
import { createLicense } from "@/lib/system/integrations";

/** One call per license: a change of several licenses is several calls, each standing on its own. */
export const POST = apiRoute(
  {
    summary: "Grant an integration a license {tenantId, tenantIntegrationId, licenseId, role}",
    tags: ["System administration"],
    permission: "system.integrations",
    body: createLicenseBody,
    response: licenseResponse,
  },
  async ({ actor, body, req, requestId }) => ({ tenantIntegrationLicense: await createLicense(actor, body, originOf(req, requestId)) }),
);
