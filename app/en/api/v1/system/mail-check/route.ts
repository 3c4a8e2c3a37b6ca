import { apiRoute } from "@/lib/platform/api";
import { sendTestMail } from "@/lib/system/mail-check";
import { mailCheckResponse } from "@/lib/system/mail-check-schemas";

/** The system dashboard's mail check: a message to the caller through the job queue and the configured transport. */
export const POST = apiRoute(
  {
    summary: "Send a test message to the signed-in system administrator through the job queue; answers its outbox row",
    tags: ["System administration"],
    permission: "system.mailCheck",
    response: mailCheckResponse,
  },
  async ({ actor }) => ({ mailCheck: await sendTestMail(actor) }),
);
