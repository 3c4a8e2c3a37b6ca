import { apiRoute } from "@/lib/platform/api";
import { templateQuery } from "@/lib/bulk-load/schemas";
import { bulkLoadTemplate } from "@/lib/bulk-load/service";

export const GET = apiRoute(
  {
    summary: "The template of a bulk-load type (XLSX with text columns, or CSV): all columns, or with getRequiredOnly the required ones",
    tags: ["Bulk loads"],
    permission: "bulkLoads.manage",
    query: templateQuery,
    content: "application/octet-stream",
  },
  async ({ actor, query }) => {
    const { body, headers } = await bulkLoadTemplate(actor, query);
    return new Response(new Uint8Array(body), { status: 200, headers });
  },
);
