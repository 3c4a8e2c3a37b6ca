import { NextResponse, type NextRequest } from "next/server";
import { setSessionCookie } from "@/lib/auth/cookies";
import { logout } from "@/lib/auth/login";
import { requestContext } from "@/lib/auth/sessions";
import { actorFromHeaders } from "@/lib/platform/actor";
import { AppError } from "@/lib/platform/errors";

/**
 * The header's Logout link, and where a page sends a session that has died (?reason=401): the
 * session ends server-side and the cookie is cleared. Logging out during an impersonation returns
 * to the administrator's own session instead (spec section 4).
 */
export async function GET(req: NextRequest) {
  const reason = req.nextUrl.searchParams.get("reason") === "401" ? "401" : "logout";
  const actor = await actorFromHeaders(req.headers);
  if (actor) {
    try {
      const answer = await logout(actor, requestContext(req.headers));
      if ("jwt" in answer) return setSessionCookie(NextResponse.redirect(new URL("/administrator/dashboard", req.url)), answer.jwt);
    } catch (error) {
      if (!(error instanceof AppError && error.status === 401)) throw error;
    }
  }
  return setSessionCookie(NextResponse.redirect(new URL(`/sign-in?reason=${reason}`, req.url)), null);
}
