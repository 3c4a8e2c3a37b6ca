import { apiRoute } from "@/lib/platform/api";
import { listAssignments } from "@/lib/collections/admin-assignments";
import { assignmentsResponse, tenantCollectionParams } from "@/lib/collections/admin-schemas";

export const GET = apiRoute(
  {
    summary: "The collection's own assignments to regions, districts and locations the caller can see",
    tags: ["Collections administration"],
    permission: "collections.manage",
    params: tenantCollectionParams,
    response: assignmentsResponse,
  },
  async ({ actor, params }) => listAssignments(actor, params.tenantId, params.collectionId),
);
