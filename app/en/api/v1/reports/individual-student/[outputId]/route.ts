import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { clearResponse, outputParams } from "@/lib/isr/schemas";
import { clearIsrOutput } from "@/lib/isr/service";

export const DELETE = apiRoute(
  {
    summary:
      "Clear one child's ISR (the id GET /data-collections-students-outputs lists): its status becomes 'Deleted' ('ISR Cleared'); one out of reach, or already cleared, is 404",
    tags: ["ISRs"],
    params: outputParams,
    response: clearResponse,
  },
  async ({ actor, params, req, requestId }) => clearIsrOutput(actor, params.outputId, originOf(req, requestId)),
);
