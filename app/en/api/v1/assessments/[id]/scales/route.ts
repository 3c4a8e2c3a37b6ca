import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assessmentParams, createScaleBody, deletedResponse, idBody, scaleResponse, scalesResponse, updateScaleBody } from "@/lib/system/assessment-schemas";
import { createScale, deleteScale, listScales, updateScale } from "@/lib/system/structure";

const doc = { tags: ["System administration"], permission: "system.assessments" as const, params: assessmentParams };

export const GET = apiRoute(
  { ...doc, summary: "The assessment's rating scales, each with its entries", response: scalesResponse },
  async ({ actor, params }) => ({ scales: await listScales(actor, params.id) }),
);

export const POST = apiRoute(
  { ...doc, summary: "Add a scale (code, label); items choose their scale", body: createScaleBody, response: scaleResponse },
  async ({ actor, params, body, req, requestId }) => ({
    scale: await createScale(actor, params.id, body, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change a scale's code or label", body: updateScaleBody, response: scaleResponse },
  async ({ actor, params, body, req, requestId }) => ({
    scale: await updateScale(actor, params.id, body, originOf(req, requestId)),
  }),
);

export const DELETE = apiRoute(
  { ...doc, summary: "Delete a scale {id} with its entries; 409 while collections or scores use it", body: idBody, response: deletedResponse },
  ({ actor, params, body, req, requestId }) => deleteScale(actor, params.id, body.id, originOf(req, requestId)),
);
