import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assessmentParams, createItemBody, deletedResponse, idBody, itemResponse, itemsResponse, updateItemBody } from "@/lib/system/assessment-schemas";
import { createItem, deleteItem, listItems, updateItem } from "@/lib/system/items";

const doc = { tags: ["System administration"], permission: "system.assessments" as const, params: assessmentParams };

export const GET = apiRoute({ ...doc, summary: "The assessment's items in order", response: itemsResponse }, async ({ actor, params }) => ({
  assessmentItems: await listItems(actor, params.id),
}));

export const POST = apiRoute(
  { ...doc, summary: "Add an item: code, label, description, hierarchy item and scale", body: createItemBody, response: itemResponse },
  async ({ actor, params, body, req, requestId }) => ({
    assessmentItem: await createItem(actor, params.id, body, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change an item", body: updateItemBody, response: itemResponse },
  async ({ actor, params, body, req, requestId }) => ({
    assessmentItem: await updateItem(actor, params.id, body, originOf(req, requestId)),
  }),
);

export const DELETE = apiRoute(
  { ...doc, summary: "Delete an item {id}; 409 while collections or scores use it", body: idBody, response: deletedResponse },
  ({ actor, params, body, req, requestId }) => deleteItem(actor, params.id, body.id, originOf(req, requestId)),
);
