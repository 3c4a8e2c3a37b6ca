import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createSet, listSets } from "@/lib/collections/admin-sets";
import { createSetBody, setResponse, setsQuery, setsResponse } from "@/lib/collections/admin-schemas";

const tags = ["Collections administration"];

export const GET = apiRoute(
  {
    summary: "The item sets of a collection (?parentDataCollectionId=) with their items, by priority",
    tags,
    permission: "collections.manage",
    query: setsQuery,
    response: setsResponse,
  },
  async ({ actor, query }) => ({ dataCollectionsSets: await listSets(actor, query.parentDataCollectionId) }),
);

export const POST = apiRoute(
  {
    summary:
      "Create an item set (label, code, priority, items of the collection's assessment); the collection's items and the children's results follow (tenant admins)",
    tags,
    permission: "collections.manage",
    body: createSetBody,
    response: setResponse,
  },
  async ({ actor, body, req, requestId }) => ({ dataCollectionsSet: await createSet(actor, body, originOf(req, requestId)) }),
);
