import { apiRoute } from "@/lib/platform/api";
import { collectionQuery, outputsResponse } from "@/lib/isr/schemas";
import { listOutputs } from "@/lib/isr/service";

export const GET = apiRoute(
  {
    summary: "One's ISR requests of a collection with their progress, and the ISR statuses of the children within one's reach",
    tags: ["ISRs"],
    query: collectionQuery,
    response: outputsResponse,
  },
  async ({ actor, query }) => listOutputs(actor, query.dataCollectionId),
);
