import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { createResourceBody, deletedResponse, idBody, itemParams, resourceResponse, resourcesResponse } from "@/lib/system/assessment-schemas";
import { addResource, deleteResource, listResources } from "@/lib/system/resources";

const doc = { tags: ["System administration"], permission: "system.assessments" as const, params: itemParams };

export const GET = apiRoute({ ...doc, summary: "An item's resource files", response: resourcesResponse }, async ({ actor, params }) => ({
  resources: await listResources(actor, params.id, params.itemId),
}));

/** After the multipart protocol (purpose item-resource): fileName is the s3FileName it answered. */
export const POST = apiRoute(
  {
    ...doc,
    summary: "Attach an uploaded item-resource file {fileName: s3FileName, sizeBytes} to the item",
    body: createResourceBody,
    response: resourceResponse,
  },
  async ({ actor, params, body, req, requestId }) => ({ resource: await addResource(actor, params.id, params.itemId, body, originOf(req, requestId)) }),
);

export const DELETE = apiRoute(
  { ...doc, summary: "Remove a resource {id} from the item", body: idBody, response: deletedResponse },
  ({ actor, params, body, req, requestId }) => deleteResource(actor, params.id, params.itemId, body.id, originOf(req, requestId)),
);
