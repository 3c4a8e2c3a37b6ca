import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/next-auth";
import { MESSAGES } from "@/lib/platform/errors";
import { ownLocationAsPath } from "@/lib/platform/request";
import { apiSecurityHeaders, setHeaders } from "@/lib/platform/security-headers";

type Context = { params: Promise<{ nextauth: string[] }> };

// Built on the first request, not at import: configuration is read at run time, never during the build.
let handler: ((req: NextRequest, ctx: Context) => Promise<Response>) | undefined;

/**
 * next-auth answers outside the API wrapper, so it gets the API's security headers here. Its own
 * signout is closed: logging out is POST /sign-out (lib/auth/logout.ts), which also hands an
 * impersonating admin back their own session. Its redirects name NEXTAUTH_URL's origin; they go
 * out as paths, so a sign-in form posted on a state's own host (before its script runs) stays there.
 */
async function nextAuth(req: NextRequest, ctx: Context) {
  handler ??= NextAuth(authOptions()) as unknown as typeof handler;
  const [action] = (await ctx.params).nextauth;
  const response = action === "signout" ? Response.json({ message: MESSAGES[404] }, { status: 404 }) : await handler!(req, ctx);
  const location = response.headers.get("location");
  if (location) response.headers.set("location", ownLocationAsPath(location));
  setHeaders(response.headers, apiSecurityHeaders());
  return response;
}

export { nextAuth as GET, nextAuth as POST };
