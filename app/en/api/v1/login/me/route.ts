import { currentSession } from "@/lib/auth/login";
import { sessionResponse } from "@/lib/auth/schemas";
import { apiRoute } from "@/lib/platform/api";
import { tokenFromRequest } from "@/lib/platform/session-token";

/** GET /login/me → {profileData, jwt, impersonated} for the bearer token or session cookie. */
export const GET = apiRoute({ summary: "The caller's profile and session", tags: ["Auth and profile"], response: sessionResponse }, async ({ actor, req }) =>
  currentSession(actor, tokenFromRequest(req.headers)!.token),
);
