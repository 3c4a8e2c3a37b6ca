import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { decideTransferBody, idParams, transferResponse } from "@/lib/transfers/schemas";
import { decideTransfer, withdrawTransfer } from "@/lib/transfers/service";

export const PUT = apiRoute(
  {
    summary:
      "Approve (isApproved true) or decline a transfer: the receiving side only (403 for the sending side). Approval moves the enrollment with its scores, evidence, supports and history; the requester is notified",
    tags: ["Transfers"],
    permission: "transfers.manage",
    params: idParams,
    body: decideTransferBody,
    response: transferResponse,
    errors: [409],
  },
  async ({ actor, params, body, req, requestId }) => decideTransfer(actor, params.id, body.isApproved, originOf(req, requestId)),
);

export const DELETE = apiRoute(
  {
    summary:
      "Withdraw a transfer request: the sending side only (403 for the receiving side), while it waits for a decision (409 after). It stays in the history, marked deleted",
    tags: ["Transfers"],
    permission: "transfers.manage",
    params: idParams,
    response: transferResponse,
    errors: [409],
  },
  async ({ actor, params, req, requestId }) => withdrawTransfer(actor, params.id, originOf(req, requestId)),
);
