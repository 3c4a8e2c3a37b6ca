import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import {
  createScaleEntryBody,
  deletedResponse,
  idBody,
  scaleEntriesResponse,
  scaleEntryResponse,
  scaleParams,
  updateScaleEntryBody,
} from "@/lib/system/assessment-schemas";
import { createScaleEntry, deleteScaleEntry, listScaleEntries, updateScaleEntry } from "@/lib/system/structure";

const doc = { tags: ["System administration"], permission: "system.assessments" as const, params: scaleParams };

export const GET = apiRoute(
  { ...doc, summary: "A scale's entries in order: the values a teacher can give", response: scaleEntriesResponse },
  async ({ actor, params }) => ({
    entries: await listScaleEntries(actor, params.id, params.scaleId),
  }),
);

export const POST = apiRoute(
  { ...doc, summary: "Add a scale entry (code, label, score, colour, order)", body: createScaleEntryBody, response: scaleEntryResponse },
  async ({ actor, params, body, req, requestId }) => ({
    entry: await createScaleEntry(actor, params.id, params.scaleId, body, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change a scale entry", body: updateScaleEntryBody, response: scaleEntryResponse },
  async ({ actor, params, body, req, requestId }) => ({
    entry: await updateScaleEntry(actor, params.id, params.scaleId, body, originOf(req, requestId)),
  }),
);

export const DELETE = apiRoute(
  { ...doc, summary: "Delete a scale entry {id}; 409 while a score uses it", body: idBody, response: deletedResponse },
  ({ actor, params, body, req, requestId }) => deleteScaleEntry(actor, params.id, params.scaleId, body.id, originOf(req, requestId)),
);
