import { apiRoute } from "@/lib/platform/api";
import { listTransfers } from "@/lib/transfers/queries";
import { transferListQuery, transferListResponse } from "@/lib/transfers/schemas";

export const GET = apiRoute(
  {
    summary: "Open transfer requests into a location within the admin's reach (the receiving side decides them), newest first",
    tags: ["Transfers"],
    permission: "transfers.manage",
    query: transferListQuery,
    response: transferListResponse,
  },
  async ({ actor, query }) => listTransfers(actor, "incoming", query),
);
