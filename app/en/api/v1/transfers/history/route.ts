import { apiRoute } from "@/lib/platform/api";
import { listTransfers } from "@/lib/transfers/queries";
import { transferListQuery, transferListResponse } from "@/lib/transfers/schemas";

export const GET = apiRoute(
  {
    summary: "Approved, declined and withdrawn transfers either side of which lies within the admin's reach",
    tags: ["Transfers"],
    permission: "transfers.manage",
    query: transferListQuery,
    response: transferListResponse,
  },
  async ({ actor, query }) => listTransfers(actor, "history", query),
);
