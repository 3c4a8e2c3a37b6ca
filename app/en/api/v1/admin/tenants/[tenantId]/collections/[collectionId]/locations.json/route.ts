import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { assignCollection, listLocationAssignments, unassignCollection } from "@/lib/collections/admin-assignments";
import { assignResultResponse, locationAssignBody, locationAssignmentsResponse, tenantCollectionParams } from "@/lib/collections/admin-schemas";

const tags = ["Collections administration"];

export const GET = apiRoute(
  {
    summary:
      "The active locations the collection covers within the caller's reach, with their active enrollments (studentEnrollmentCount) and the children assigned (assignmentCount)",
    tags,
    permission: "collections.manage",
    params: tenantCollectionParams,
    response: locationAssignmentsResponse,
  },
  async ({ actor, params }) => ({ locations: await listLocationAssignments(actor, params.tenantId, params.collectionId) }),
);

export const POST = apiRoute(
  {
    summary: "Assign the collection to a location the caller administers (locationId); the active children enrolled under it are assigned too",
    tags,
    permission: "collections.manage",
    params: tenantCollectionParams,
    body: locationAssignBody,
    response: assignResultResponse,
  },
  async ({ actor, params, body, req, requestId }) =>
    assignCollection(actor, params.tenantId, params.collectionId, "location", body.locationId, originOf(req, requestId)),
);

export const DELETE = apiRoute(
  {
    summary: "Remove the collection's assignment to a location (?locationId=); children no other assignment covers are unassigned unless already scored",
    tags,
    permission: "collections.manage",
    params: tenantCollectionParams,
    query: locationAssignBody,
    response: assignResultResponse,
  },
  async ({ actor, params, query, req, requestId }) =>
    unassignCollection(actor, params.tenantId, params.collectionId, "location", query.locationId, originOf(req, requestId)),
);
