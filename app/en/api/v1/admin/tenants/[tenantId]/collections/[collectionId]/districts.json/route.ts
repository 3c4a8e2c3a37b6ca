import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assignCollection, unassignCollection } from "@/lib/collections/admin-assignments";
import { assignResultResponse, districtAssignBody, tenantCollectionParams } from "@/lib/collections/admin-schemas";

const tags = ["Collections administration"];

export const POST = apiRoute(
  {
    summary: "Assign the collection to a district the caller administers (districtId); the active children enrolled under it are assigned too",
    tags,
    permission: "collections.manage",
    params: tenantCollectionParams,
    body: districtAssignBody,
    response: assignResultResponse,
  },
  async ({ actor, params, body, req, requestId }) =>
    assignCollection(actor, params.tenantId, params.collectionId, "district", body.districtId, originOf(req, requestId)),
);

export const DELETE = apiRoute(
  {
    summary: "Remove the collection's assignment to a district (?districtId=); children no other assignment covers are unassigned unless already scored",
    tags,
    permission: "collections.manage",
    params: tenantCollectionParams,
    query: districtAssignBody,
    response: assignResultResponse,
  },
  async ({ actor, params, query, req, requestId }) =>
    unassignCollection(actor, params.tenantId, params.collectionId, "district", query.districtId, originOf(req, requestId)),
);
