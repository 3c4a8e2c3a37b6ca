import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { auditLog, authSessions, userRoles } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { badRequest, forbidden, unauthorized } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { forTenant } from "@/lib/platform/tenancy";
import { IMPERSONATION_ABOVE_OWN } from "./messages";
import { authorize, defaultActiveRole, mayImpersonateRoles } from "./permissions";
import { loadProfile, type ProfileData } from "./profile";
import type { ImpersonateInput } from "./schemas";
import { reachableUser, whollyWithinReach } from "./scope";
import { createSession, revokeSession, sessionAuditRow, tokenForLiveSession, type RequestContext } from "./sessions";

/** What starting or ending an impersonation answers: the session now in force. */
export interface SessionAnswer {
  profileData: ProfileData;
  jwt: string;
  impersonated: boolean;
}

const rolesOf = async (userId: number) => (await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role);

/**
 * POST /login/impersonate: an admin acts as someone in their scope. The new session remembers the
 * admin and the admin's own session, which ending the impersonation restores; both ends are audited.
 * Impersonation never leaves the admin's tenant (`reachableUser`): all of it runs bound to it.
 */
export async function startImpersonation(actor: Actor, input: ImpersonateInput, context: RequestContext): Promise<SessionAnswer> {
  authorize(actor, "users.impersonate");
  const { userIdToImpersonate } = input;
  if (actor.impersonatorId !== null) throw badRequest("End the current impersonation before starting another");
  if (userIdToImpersonate === actor.userId) throw badRequest("You cannot impersonate yourself");
  return forTenant(actor, async () => {
    const target = await reachableUser(actor, userIdToImpersonate);
    const roles = await rolesOf(target.id);
    if (!mayImpersonateRoles(actor, roles) || !(await whollyWithinReach(actor, target.id))) throw forbidden(IMPERSONATION_ABOVE_OWN);
    if (!target.enabled || target.locked || target.expired) throw badRequest("This user's account is disabled or locked");

    const activeRole = defaultActiveRole(roles);
    const session = await createSession(db(), {
      tenantId: target.tenantId,
      userId: target.id,
      roles,
      activeRole,
      context,
      impersonatorId: actor.userId,
      parentSessionId: actor.sessionId,
    });
    await db()
      .insert(auditLog)
      .values(
        sessionAuditRow(
          "impersonation_start",
          { tenantId: target.tenantId, userId: target.id, impersonatorId: actor.userId },
          { sessionId: session.sessionId, adminSessionId: actor.sessionId },
          context,
        ),
      );
    log.info("impersonation started", { adminId: actor.userId, userId: target.id, sessionId: session.sessionId });
    return { profileData: await loadProfile(target.id, activeRole), jwt: session.jwt, impersonated: true };
  });
}

/** POST /logout/impersonate (and logout during one): end it and hand back the admin's own session. */
export async function endImpersonation(actor: Actor, context: RequestContext): Promise<SessionAnswer> {
  const adminId = actor.impersonatorId;
  if (adminId === null) throw badRequest("You are not impersonating anyone");
  // The impersonation ends (committed) even when the admin's own session cannot be handed back.
  const restored = await forTenant(actor, async () => {
    const [session] = await db()
      .select({ parentSessionId: authSessions.parentSessionId })
      .from(authSessions)
      .where(and(eq(authSessions.tenantId, actor.tenantId), eq(authSessions.id, actor.sessionId)));
    await revokeSession(actor.sessionId, "logout", context);
    const live = session?.parentSessionId ? await tokenForLiveSession(session.parentSessionId, await rolesOf(adminId)) : null;
    return live && { profileData: await loadProfile(live.session.userId, live.session.activeRole), jwt: live.jwt, impersonated: false };
  });
  log.info("impersonation ended", { adminId, userId: actor.userId, sessionId: actor.sessionId });
  // The admin's own session ended meanwhile (logout elsewhere, expiry): they sign in again.
  if (!restored) throw unauthorized();
  return restored;
}
