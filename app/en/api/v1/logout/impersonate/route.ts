import { NextResponse } from "next/server";
import { setSessionCookie } from "@/lib/auth/cookies";
import { endImpersonation } from "@/lib/auth/impersonation";
import { requestContext } from "@/lib/auth/sessions";
import { apiRoute } from "@/lib/platform/api";

/** POST /logout/impersonate → the admin's own {profileData, jwt, impersonated: false}. */
export const POST = apiRoute({}, async ({ actor, req }) => {
  const answer = await endImpersonation(actor, requestContext(req.headers));
  const response = NextResponse.json(answer);
  return actor.via === "cookie" ? setSessionCookie(response, answer.jwt) : response;
});
