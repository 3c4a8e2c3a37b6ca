import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import {
  createItemEntryBody,
  deletedResponse,
  idBody,
  itemEntriesResponse,
  itemEntryResponse,
  itemParams,
  updateItemEntryBody,
} from "@/lib/system/assessment-schemas";
import { createItemEntry, deleteItemEntry, listItemEntries, updateItemEntry } from "@/lib/system/items";

const doc = { tags: ["System administration"], permission: "system.assessments" as const, params: itemParams };

export const GET = apiRoute(
  { ...doc, summary: "An item's entries in order: prompts, directions, rubric text", response: itemEntriesResponse },
  async ({ actor, params }) => ({
    entries: await listItemEntries(actor, params.id, params.itemId),
  }),
);

export const POST = apiRoute(
  { ...doc, summary: "Add an item entry", body: createItemEntryBody, response: itemEntryResponse },
  async ({ actor, params, body, req, requestId }) => ({
    entry: await createItemEntry(actor, params.id, params.itemId, body, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change an item entry", body: updateItemEntryBody, response: itemEntryResponse },
  async ({ actor, params, body, req, requestId }) => ({
    entry: await updateItemEntry(actor, params.id, params.itemId, body, originOf(req, requestId)),
  }),
);

export const DELETE = apiRoute(
  { ...doc, summary: "Delete an item entry {id}", body: idBody, response: deletedResponse },
  ({ actor, params, body, req, requestId }) => deleteItemEntry(actor, params.id, params.itemId, body.id, originOf(req, requestId)),
);
