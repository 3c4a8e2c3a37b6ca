import { sendRegistrationInvite } from "@/lib/auth/recovery";
import { registrationInviteResponse, userIdParams } from "@/lib/auth/schemas";
import { apiRoute } from "@/lib/platform/api";

/** POST /users/{id}/registration-invite: (re)send the 7-day link that lets a person choose their password. */
export const POST = apiRoute(
  {
    summary: "(Re)send the link that lets a person choose their password",
    tags: ["Users"],
    permission: "users.invite",
    params: userIdParams,
    response: registrationInviteResponse,
  },
  async ({ actor, params }) => sendRegistrationInvite(actor, params.id),
);
