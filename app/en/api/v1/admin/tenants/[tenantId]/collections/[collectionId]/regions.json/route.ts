import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assignCollection, unassignCollection } from "@/lib/collections/admin-assignments";
import { assignResultResponse, regionAssignBody, tenantCollectionParams } from "@/lib/collections/admin-schemas";

const tags = ["Collections administration"];

export const POST = apiRoute(
  {
    summary: "Assign the collection to a region the caller administers (regionId); the active children enrolled under it are assigned too",
    tags,
    permission: "collections.manage",
    params: tenantCollectionParams,
    body: regionAssignBody,
    response: assignResultResponse,
  },
  async ({ actor, params, body, req, requestId }) =>
    assignCollection(actor, params.tenantId, params.collectionId, "region", body.regionId, originOf(req, requestId)),
);

export const DELETE = apiRoute(
  {
    summary: "Remove the collection's assignment to a region (?regionId=); children no other assignment covers are unassigned unless already scored",
    tags,
    permission: "collections.manage",
    params: tenantCollectionParams,
    query: regionAssignBody,
    response: assignResultResponse,
  },
  async ({ actor, params, query, req, requestId }) =>
    unassignCollection(actor, params.tenantId, params.collectionId, "region", query.regionId, originOf(req, requestId)),
);
