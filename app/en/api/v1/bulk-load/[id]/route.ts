import { apiRoute } from "@/lib/platform/api";
import { bulkLoadResponse, idParams } from "@/lib/bulk-load/schemas";
import { getBulkLoad } from "@/lib/bulk-load/service";

export const GET = apiRoute(
  {
    summary: "One bulk load with its status and progress (polled)",
    tags: ["Bulk loads"],
    permission: "bulkLoads.manage",
    params: idParams,
    response: bulkLoadResponse,
  },
  async ({ actor, params }) => getBulkLoad(actor, params.id),
);
