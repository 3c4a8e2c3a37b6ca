import { requestContext } from "@/lib/auth/sessions";
import { apiRoute, json } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { listUsers } from "@/lib/users/list";
import { createUser, updateUser } from "@/lib/users/save";
import { createUserBody, updateUserBody, updateUserResponse, userListQuery, userListResponse, userResponse } from "@/lib/users/schemas";

export const GET = apiRoute(
  {
    summary: "One page of the users within the admin's reach: search (name or email start), tenantMemberId, role, status, admin, organisation, sort",
    tags: ["Users"],
    permission: "users.read",
    query: userListQuery,
    response: userListResponse,
  },
  async ({ actor, query }) => listUsers(actor, query),
);

export const POST = apiRoute(
  {
    summary: "Create a user with roles and organisation links, and mail the registration link",
    tags: ["Users"],
    permission: "users.manage",
    body: createUserBody,
    response: userResponse,
    status: 201,
  },
  async ({ actor, body, req, requestId }) => json({ user: await createUser(actor, body, originOf(req, requestId)) }, 201),
);

/** PUT /users: the caller's own profile (id is theirs), or an admin's edit of another user (activate, deactivate with enabled; unlock with locked). */
export const PUT = apiRoute(
  {
    summary: "Update one's own profile, or (admins) another user's names, email, roles, enabled and locked flags; deactivating ends their sessions",
    tags: ["Users"],
    body: updateUserBody,
    response: updateUserResponse,
    errors: [423],
  },
  async ({ actor, body, req, requestId }) => updateUser(actor, body, requestContext(req.headers), originOf(req, requestId)),
);
