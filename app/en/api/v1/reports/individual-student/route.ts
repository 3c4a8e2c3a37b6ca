import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { isrRequestBody, requestResponse } from "@/lib/isr/schemas";
import { requestIsrs } from "@/lib/isr/service";

export const POST = apiRoute(
  {
    summary:
      "Request ISRs (parent reports, English or Spanish) for one child, one school or every child of the collection within one's reach ('ISRs have been successfully requested')",
    tags: ["ISRs"],
    body: isrRequestBody,
    response: requestResponse,
  },
  async ({ actor, body, req, requestId }) => requestIsrs(actor, body, originOf(req, requestId)),
);
