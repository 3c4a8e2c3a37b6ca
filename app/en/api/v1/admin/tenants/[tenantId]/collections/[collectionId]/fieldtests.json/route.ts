import { apiRoute } from "@/lib/platform/api";
import { listFieldTests } from "@/lib/collections/admin-field-tests";
import { fieldTestsResponse, tenantCollectionParams } from "@/lib/collections/admin-schemas";

export const GET = apiRoute(
  {
    summary: "The collection's field test locations (assigned) and the other active locations within the caller's reach (available)",
    tags: ["Collections administration"],
    permission: "collections.manage",
    params: tenantCollectionParams,
    response: fieldTestsResponse,
  },
  async ({ actor, params }) => listFieldTests(actor, params.tenantId, params.collectionId),
);
