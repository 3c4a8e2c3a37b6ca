import { apiRoute } from "@/lib/platform/api";
import { getUser } from "@/lib/users/list";
import { idParams, userResponse } from "@/lib/users/schemas";

export const GET = apiRoute(
  { summary: "One user within the admin's reach", tags: ["Users"], permission: "users.read", params: idParams, response: userResponse },
  async ({ actor, params }) => ({ user: await getUser(actor, params.id) }),
);
