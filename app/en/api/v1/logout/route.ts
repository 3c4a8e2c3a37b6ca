import { NextResponse } from "next/server";
import { setSessionCookie } from "@/lib/auth/cookies";
import { logout } from "@/lib/auth/login";
import { logoutResponse } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { apiRoute } from "@/lib/platform/api";

/** GET /logout: ends the session server-side (during an impersonation, returns to the admin's session). */
export const GET = apiRoute({ summary: "End the session (during an impersonation, back to the admin's)", tags: ["Auth and profile"], response: logoutResponse }, async ({ actor, req }) => {
  const answer = await logout(actor, requestContext(req.headers));
  const response = NextResponse.json(answer);
  if (actor.via !== "cookie") return response;
  return setSessionCookie(response, "jwt" in answer ? answer.jwt : null);
});
