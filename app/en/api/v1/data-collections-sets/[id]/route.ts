import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { deleteSet, updateSet } from "@/lib/collections/admin-sets";
import { removedResponse, setResponse, updateSetBody } from "@/lib/collections/admin-schemas";
import { collectionIdParams as idParams } from "@/lib/collections/schemas";

const tags = ["Collections administration"];

export const PUT = apiRoute(
  {
    summary: "Edit an item set (label, code, priority); a priority change reorders the collection's items (tenant admins)",
    tags,
    permission: "collections.manage",
    params: idParams,
    body: updateSetBody,
    response: setResponse,
  },
  async ({ actor, params, body, req, requestId }) => ({ dataCollectionsSet: await updateSet(actor, params.id, body, originOf(req, requestId)) }),
);

export const DELETE = apiRoute(
  {
    summary: "Remove an item set; its items leave the collection unless another set holds them, and the results follow (tenant admins)",
    tags,
    permission: "collections.manage",
    params: idParams,
    response: removedResponse,
  },
  async ({ actor, params, req, requestId }) => ({ removed: await deleteSet(actor, params.id, originOf(req, requestId)) }),
);
