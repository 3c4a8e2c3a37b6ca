import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import {
  assessmentParams,
  createHierarchyBody,
  deletedResponse,
  hierarchyItemResponse,
  hierarchyItemsResponse,
  idBody,
  updateHierarchyBody,
} from "@/lib/system/assessment-schemas";
import { createHierarchyItem, deleteHierarchyItem, listHierarchy, updateHierarchyItem } from "@/lib/system/structure";

const doc = { tags: ["System administration"], permission: "system.assessments" as const, params: assessmentParams };

export const GET = apiRoute(
  { ...doc, summary: "The assessment's hierarchy: domains and sub-domains (parentId)", response: hierarchyItemsResponse },
  async ({ actor, params }) => ({
    hierarchyItems: await listHierarchy(actor, params.id),
  }),
);

export const POST = apiRoute(
  { ...doc, summary: "Add a hierarchy item (a domain, or a sub-domain with parentId)", body: createHierarchyBody, response: hierarchyItemResponse },
  async ({ actor, params, body, req, requestId }) => ({
    hierarchyItem: await createHierarchyItem(actor, params.id, body, originOf(req, requestId)),
  }),
);

export const PUT = apiRoute(
  { ...doc, summary: "Change a hierarchy item", body: updateHierarchyBody, response: hierarchyItemResponse },
  async ({ actor, params, body, req, requestId }) => ({
    hierarchyItem: await updateHierarchyItem(actor, params.id, body, originOf(req, requestId)),
  }),
);

export const DELETE = apiRoute(
  { ...doc, summary: "Delete a hierarchy item {id} and its sub-domains; its items stay", body: idBody, response: deletedResponse },
  ({ actor, params, body, req, requestId }) => deleteHierarchyItem(actor, params.id, body.id, originOf(req, requestId)),
);
