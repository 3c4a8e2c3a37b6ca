import { apiRoute } from "@/lib/platform/api";
import { outputParams, studentOutputsResponse } from "@/lib/isr/schemas";
import { getOutput } from "@/lib/isr/service";

export const GET = apiRoute(
  {
    summary: "One's ISR request with each child's row (queued, in_progress, complete; 'No ISR', 'Generated', 'Deleted') within one's reach",
    tags: ["ISRs"],
    params: outputParams,
    response: studentOutputsResponse,
  },
  async ({ actor, params }) => getOutput(actor, params.outputId),
);
