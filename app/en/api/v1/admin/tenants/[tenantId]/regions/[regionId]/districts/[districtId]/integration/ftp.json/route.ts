import { apiRoute } from "@/lib/platform/api";
import { ftpStatus } from "@/lib/organisations/integrations";
import { ftpStatusParams, ftpStatusQuery, ftpStatusResponse } from "@/lib/organisations/integration-schemas";

export const GET = apiRoute(
  {
    summary: "A district's FTP integration status: its settings (no password) and the feed's last run (time: cache-busting, ignored)",
    tags: ["Organisations"],
    permission: "organisations.manage",
    params: ftpStatusParams,
    query: ftpStatusQuery,
    response: ftpStatusResponse,
  },
  async ({ actor, params }) => ({ integration: await ftpStatus(actor, params) }),
);
