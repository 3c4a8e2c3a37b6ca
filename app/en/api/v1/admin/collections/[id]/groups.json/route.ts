import { apiRoute } from "@/lib/platform/api";
import { collectionIdParams } from "@/lib/collections/schemas";
import { listAdminGroups } from "@/lib/scoring/groups";
import { groupsResponse } from "@/lib/scoring/groups-schemas";

export const GET = apiRoute(
  {
    summary: "Admin mode: every teacher's groups of a collection in the admin's scope, with only the members in scope",
    tags: ["Collections"],
    permission: "collections.adminRead",
    params: collectionIdParams,
    response: groupsResponse,
  },
  async ({ actor, params }) => ({ groups: await listAdminGroups(actor, params.id) }),
);
