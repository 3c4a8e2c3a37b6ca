import { NextResponse } from "next/server";
import { setSessionCookie } from "@/lib/auth/cookies";
import { IMPERSONATOR_ROLES, startImpersonation } from "@/lib/auth/impersonation";
import { impersonateSchema } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { apiRoute } from "@/lib/platform/api";

/** POST /login/impersonate {userIdToImpersonate} → the impersonated {profileData, jwt, impersonated}. */
export const POST = apiRoute({ roles: IMPERSONATOR_ROLES, body: impersonateSchema }, async ({ actor, body, req }) => {
  const answer = await startImpersonation(actor, body, requestContext(req.headers));
  const response = NextResponse.json(answer);
  // A browser session continues as the impersonated person; bearer clients switch tokens themselves.
  return actor.via === "cookie" ? setSessionCookie(response, answer.jwt) : response;
});
