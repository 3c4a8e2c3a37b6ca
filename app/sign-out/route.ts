import { NextResponse, type NextRequest } from "next/server";
import { setSessionCookie } from "@/lib/auth/cookies";
import { browserLogout } from "@/lib/auth/logout";
import { requestContext } from "@/lib/auth/sessions";
import { actorFromHeaders } from "@/lib/platform/actor";
import { MESSAGES } from "@/lib/platform/errors";
import { isSameOrigin } from "@/lib/platform/request";
import { tokenFromRequest } from "@/lib/platform/session-token";

/**
 * Logout of a cookie session: the header's Logout and End Impersonation forms POST here, from our
 * own pages only (a cross-site form carries no cookie under SameSite=lax, but could still clear it).
 * During an impersonation the browser returns to the administrator's own session (spec section 4).
 */
export async function POST(req: NextRequest) {
  if (!isSameOrigin(req.headers)) return NextResponse.json({ message: MESSAGES[403] }, { status: 403 });
  const { jwt, next } = await browserLogout(await actorFromHeaders(req.headers), requestContext(req.headers));
  return setSessionCookie(seeOther(next), jwt);
}

/**
 * A redirect by path: `req.url` carries Next's own listening origin (http://localhost:PORT), not the
 * host the browser used, and a form's redirect to another origin is refused by `form-action 'self'`.
 */
function seeOther(path: string): NextResponse {
  return new NextResponse(null, { status: 303, headers: { location: path } });
}

/**
 * GET (and HEAD, which Next answers with GET) never ends a live session: a link, an <img> or a
 * prefetch from anywhere could send one. A live session goes home; a token whose session has already
 * ended (where pages send it, ?reason=401) is cleared and arrives at sign-in with reason 401.
 */
export async function GET(req: NextRequest) {
  if (!tokenFromRequest(req.headers)) return seeOther("/sign-in");
  if (await actorFromHeaders(req.headers)) return seeOther("/");
  return setSessionCookie(seeOther("/sign-in?reason=401"), null);
}
