import "server-only";
import type { Actor } from "@/lib/platform/actor";
import { AppError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { forTenant } from "@/lib/platform/tenancy";
import { endImpersonation, type SessionAnswer } from "./impersonation";
import { LOGGED_OUT } from "./messages";
import { revokeSession, type RequestContext } from "./sessions";

/**
 * The one logout flow. During an impersonation, logging out ends it and hands back the admin's own
 * session (spec section 4); otherwise the session ends server-side, with the impersonation sessions
 * started from it. The API's GET /logout answers this; a browser's POST /sign-out goes through
 * `browserLogout`, which also decides the cookie and the next page.
 */
type LogoutAnswer = { message: string } | SessionAnswer;

export async function logout(actor: Actor, context: RequestContext): Promise<LogoutAnswer> {
  if (actor.impersonatorId !== null) return endImpersonation(actor, context);
  await forTenant(actor, () => revokeSession(actor.sessionId, "logout", context));
  log.info("signed out", { userId: actor.userId, tenantId: actor.tenantId, sessionId: actor.sessionId });
  return { message: LOGGED_OUT };
}

/** What the browser keeps after a logout: the session cookie (null clears it) and where it goes. */
interface BrowserLogout {
  jwt: string | null;
  next: string;
}

/**
 * Logout for a browser: back to the admin's dashboard with their own session after an impersonation,
 * else to sign-in. A session already dead, or an admin's session that ended meanwhile, arrives at
 * sign-in with the spec's reason 401.
 */
export async function browserLogout(actor: Actor | null, context: RequestContext): Promise<BrowserLogout> {
  const ended: BrowserLogout = { jwt: null, next: "/sign-in?reason=401" };
  if (!actor) return ended;
  try {
    const answer = await logout(actor, context);
    return "jwt" in answer ? { jwt: answer.jwt, next: "/administrator/dashboard" } : { jwt: null, next: "/sign-in?reason=logout" };
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return ended;
    throw error;
  }
}
