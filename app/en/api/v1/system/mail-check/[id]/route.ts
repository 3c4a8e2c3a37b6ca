import { apiRoute } from "@/lib/platform/api";
import { mailCheckStatus } from "@/lib/system/mail-check";
import { mailCheckParams, mailCheckResponse } from "@/lib/system/mail-check-schemas";

/** Where a mail check's message is now (the dashboard polls it until sent, kept or failed). */
export const GET = apiRoute(
  {
    summary: "A test message's outbox row: queued, sending, sent, kept or failed",
    tags: ["System administration"],
    permission: "system.mailCheck",
    params: mailCheckParams,
    response: mailCheckResponse,
  },
  async ({ actor, params }) => ({ mailCheck: await mailCheckStatus(actor, params.id) }),
);
