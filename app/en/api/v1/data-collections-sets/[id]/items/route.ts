import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { addSetItem, listSetItems, removeSetItem, updateSetItem } from "@/lib/collections/admin-sets";
import { setItemBody, setItemIdQuery, setItemsResponse, updateSetItemBody } from "@/lib/collections/admin-schemas";
import { collectionIdParams as idParams } from "@/lib/collections/schemas";

const tags = ["Collections administration"];

export const GET = apiRoute(
  { summary: "The items of an item set, by priority", tags, permission: "collections.manage", params: idParams, response: setItemsResponse },
  async ({ actor, params }) => ({ items: await listSetItems(actor, params.id) }),
);

export const POST = apiRoute(
  {
    summary: "Add an item of the collection's assessment to the set (parentAssessmentItemId, label, priority); answers the set's items (tenant admins)",
    tags,
    permission: "collections.manage",
    params: idParams,
    body: setItemBody,
    response: setItemsResponse,
  },
  async ({ actor, params, body, req, requestId }) => ({ items: await addSetItem(actor, params.id, body, originOf(req, requestId)) }),
);

export const PUT = apiRoute(
  {
    summary: "Edit a set item (id, label, priority); answers the set's items (tenant admins)",
    tags,
    permission: "collections.manage",
    params: idParams,
    body: updateSetItemBody,
    response: setItemsResponse,
  },
  async ({ actor, params, body, req, requestId }) => ({ items: await updateSetItem(actor, params.id, body, originOf(req, requestId)) }),
);

export const DELETE = apiRoute(
  {
    summary: "Remove a set item (?id=); answers the set's items (tenant admins)",
    tags,
    permission: "collections.manage",
    params: idParams,
    query: setItemIdQuery,
    response: setItemsResponse,
  },
  async ({ actor, params, query, req, requestId }) => ({ items: await removeSetItem(actor, params.id, query.id, originOf(req, requestId)) }),
);
