import { NextResponse } from "next/server";
import { setSessionCookie } from "@/lib/auth/cookies";
import { startImpersonation } from "@/lib/auth/impersonation";
import { impersonateSchema, sessionResponse } from "@/lib/auth/schemas";
import { requestContext } from "@/lib/auth/sessions";
import { apiRoute } from "@/lib/platform/api";

/** POST /login/impersonate {userIdToImpersonate} → the impersonated {profileData, jwt, impersonated}. */
export const POST = apiRoute(
  {
    summary: "Act as a user within the caller's reach; answers that user's session",
    tags: ["Auth and profile"],
    permission: "users.impersonate",
    body: impersonateSchema,
    response: sessionResponse,
  },
  async ({ actor, body, req }) => {
    const answer = await startImpersonation(actor, body, requestContext(req.headers));
    const response = NextResponse.json(answer);
    // A browser session continues as the impersonated person; bearer clients switch tokens themselves.
    return actor.via === "cookie" ? setSessionCookie(response, answer.jwt) : response;
  },
);
