import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createTransferBody, transferResponse } from "@/lib/transfers/schemas";
import { createTransfer } from "@/lib/transfers/service";

export const POST = apiRoute(
  {
    summary:
      "Request a transfer (the sending side): move a student's enrollment at a location in reach to another location of the tenant; answers 'Student Transfer Requested'",
    tags: ["Transfers"],
    permission: "transfers.manage",
    body: createTransferBody,
    response: transferResponse,
    errors: [409],
  },
  async ({ actor, body, req, requestId }) => createTransfer(actor, body, originOf(req, requestId)),
);
