import { apiRoute } from "@/lib/platform/api";
import { listMembers } from "@/lib/users/members";
import { idParams, membersQuery, membersResponse } from "@/lib/users/schemas";

export const GET = apiRoute(
  {
    summary: "The people linked to a location the caller administers (roles=ROLE_TEACHER: its teachers; admin=1: its admins)",
    tags: ["Users"],
    permission: "users.read",
    params: idParams,
    query: membersQuery,
    response: membersResponse,
  },
  async ({ actor, params, query }) => ({ members: await listMembers(actor, "location", params.id, { roles: query.roles, admin: query.admin }) }),
);
