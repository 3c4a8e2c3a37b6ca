import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { addFieldTest, removeFieldTest } from "@/lib/collections/admin-field-tests";
import { fieldTestParams, fieldTestsResponse } from "@/lib/collections/admin-schemas";

const tags = ["Collections administration"];

export const POST = apiRoute(
  {
    summary: "Add a location the caller administers to the collection's field test; answers both lists",
    tags,
    permission: "collections.manage",
    params: fieldTestParams,
    response: fieldTestsResponse,
  },
  async ({ actor, params, req, requestId }) => addFieldTest(actor, params.tenantId, params.collectionId, params.locationId, originOf(req, requestId)),
);

export const DELETE = apiRoute(
  {
    summary: "Take a location out of the collection's field test; answers both lists",
    tags,
    permission: "collections.manage",
    params: fieldTestParams,
    response: fieldTestsResponse,
  },
  async ({ actor, params, req, requestId }) => removeFieldTest(actor, params.tenantId, params.collectionId, params.locationId, originOf(req, requestId)),
);
