import { logout } from "@/lib/auth/logout";
import { logoutResponse } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { apiRoute } from "@/lib/platform/api";
import { AppError } from "@/lib/platform/errors";

/**
 * GET /logout, for bearer clients (the KRA and ELA apps, the file watcher, the legacy interface): ends
 * the session server-side; during an impersonation, back to the admin's session. A cookie session is
 * refused (405): a GET can be sent by any page; browsers log out with POST /sign-out.
 */
export const GET = apiRoute(
  {
    summary: "End the session (during an impersonation, back to the admin's); bearer tokens only",
    tags: ["Auth and profile"],
    response: logoutResponse,
    errors: [405],
  },
  async ({ actor, req }) => {
    if (actor.via === "cookie") throw new AppError(405, "A browser session logs out with POST /sign-out");
    return logout(actor, requestContext(req.headers));
  },
);
