import { NextResponse } from "next/server";
import { setSessionCookie } from "@/lib/auth/cookies";
import { endImpersonation } from "@/lib/auth/impersonation";
import { sessionResponse } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { apiRoute } from "@/lib/platform/api";

/** POST /logout/impersonate → the admin's own {profileData, jwt, impersonated: false}. */
export const POST = apiRoute(
  { summary: "End an impersonation; answers the admin's own session", tags: ["Auth and profile"], response: sessionResponse },
  async ({ actor, req }) => {
    const answer = await endImpersonation(actor, requestContext(req.headers));
    const response = NextResponse.json(answer);
    return actor.via === "cookie" ? setSessionCookie(response, answer.jwt) : response;
  },
);
