import "server-only";
import { isIP } from "node:net";
import { and, eq, gt, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { auditLog, authSessions, type Role } from "@/db/schema";
import { clientAddress, requestHost } from "@/lib/platform/request";
import { encodeToken, SESSION_MAX_AGE_SECONDS } from "@/lib/platform/session-token";

/** Where a request came from: recorded on sessions and attempts, used for rate limits and the host's tenant. */
export interface RequestContext {
  ipAddress: string;
  userAgent: string | null;
  host: string | null;
}

/** The client's address and the host it addressed, as far as TRUSTED_PROXIES lets us believe them. */
export function requestContext(headers: Headers): RequestContext {
  return { ipAddress: clientAddress(headers), userAgent: headers.get("user-agent")?.slice(0, 400) ?? null, host: requestHost(headers) };
}

interface NewSession {
  sessionId: string;
  jwt: string;
}

/** A server-side session row and its token; the token dies when the row is revoked. */
export async function createSession(
  executor: Executor,
  entry: {
    tenantId: number;
    userId: number;
    roles: Role[];
    activeRole: Role | "none";
    context: RequestContext;
    impersonatorId?: number;
    parentSessionId?: string;
  },
): Promise<NewSession> {
  const [row] = await executor
    .insert(authSessions)
    .values({
      tenantId: entry.tenantId,
      userId: entry.userId,
      activeRole: entry.activeRole === "none" ? null : entry.activeRole,
      impersonatorId: entry.impersonatorId,
      parentSessionId: entry.parentSessionId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      ipAddress: entry.context.ipAddress,
      userAgent: entry.context.userAgent,
    })
    .returning({ id: authSessions.id });
  const jwt = await encodeToken({ sub: String(entry.userId), sid: row.id, tid: entry.tenantId, roles: entry.roles });
  return { sessionId: row.id, jwt };
}

/** A fresh token for a live session (the admin's own, when impersonation ends); null when it has ended. */
export async function tokenForLiveSession(sessionId: string, roles: Role[], executor: Executor = db()) {
  const [row] = await executor
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  const jwt = await encodeToken({ sub: String(row.userId), sid: row.id, tid: row.tenantId, roles });
  return { session: row, jwt };
}

/**
 * Why a session ended before its time, recorded on its audit row. A person's own logout is not
 * audited (unless it was an impersonation); everything else is.
 */
type EndReason =
  | "logout"
  | "admin_session_ended"
  | "credentials_changed"
  | "user_locked"
  | "user_disabled"
  | "user_expired"
  | "impersonator_locked"
  | "impersonator_disabled"
  | "impersonator_expired";

/** The audit row of a session event: who, as whom, from where (the address only when it is one). */
export function sessionAuditRow(
  action: "impersonation_start" | "impersonation_end" | "session_end",
  session: { tenantId: number; userId: number; impersonatorId: number | null },
  details: Record<string, unknown>,
  context?: Pick<RequestContext, "ipAddress" | "userAgent">,
) {
  const ipAddress = context && isIP(context.ipAddress) ? context.ipAddress : null;
  return {
    tenantId: session.tenantId,
    userId: session.userId,
    impersonatorId: session.impersonatorId,
    action,
    entityType: "user",
    entityId: session.userId,
    ipAddress,
    userAgent: context?.userAgent ?? null,
    details,
  };
}

/**
 * End the live sessions `which` names, each with an audit row unless it is a person's own logout.
 * Impersonation sessions end as `impersonation_end`, others as `session_end`.
 */
async function endSessions(executor: Executor, which: SQL | undefined, reason: EndReason, context?: RequestContext): Promise<void> {
  // drizzle's and() is typed as possibly undefined: never let that become "every session".
  if (!which) throw new Error("endSessions needs a condition");
  const ended = await executor
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(which, isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id, tenantId: authSessions.tenantId, userId: authSessions.userId, impersonatorId: authSessions.impersonatorId });
  const audited = ended.filter((s) => reason !== "logout" || s.impersonatorId !== null);
  if (!audited.length) return;
  await executor
    .insert(auditLog)
    .values(audited.map((s) => sessionAuditRow(s.impersonatorId === null ? "session_end" : "impersonation_end", s, { sessionId: s.id, reason }, context)));
}

/**
 * End one session and the impersonation sessions started from it (an admin's logout takes their
 * impersonations with it). Runs in one transaction.
 */
export async function revokeSession(sessionId: string, reason: EndReason = "logout", context?: RequestContext): Promise<void> {
  await db().transaction(async (tx) => {
    await endSessions(tx, eq(authSessions.id, sessionId), reason, context);
    await endSessions(tx, eq(authSessions.parentSessionId, sessionId), "admin_session_ended", context);
  });
}

/**
 * End every session of a user (password reset), or every one but the caller's own (password
 * change), and the impersonations the user started: a credential change ends them all, and so does
 * an administrator's deactivating or locking the account (its reason then says so).
 */
export async function revokeUserSessions(
  tenantId: number,
  userId: number,
  exceptSessionId?: string,
  executor: Executor = db(),
  reason: "credentials_changed" | "user_disabled" | "user_locked" = "credentials_changed",
) {
  const own = and(eq(authSessions.userId, userId), exceptSessionId ? ne(authSessions.id, exceptSessionId) : undefined);
  await endSessions(executor, and(eq(authSessions.tenantId, tenantId), or(own, eq(authSessions.impersonatorId, userId))), reason);
}

/** Why the lookup finds a session dead though its row is live: its user's or impersonator's account, or the admin's session. */
export function deadSessionReason(row: {
  user: { enabled: boolean; locked: boolean; expired: boolean };
  impersonator: { enabled: boolean; locked: boolean; expired: boolean } | null;
  impersonated: boolean;
  parentLive: boolean;
}): EndReason | null {
  const { user, impersonator } = row;
  if (user.locked) return "user_locked";
  if (!user.enabled) return "user_disabled";
  if (user.expired) return "user_expired";
  if (!row.impersonated) return null;
  if (!impersonator || !impersonator.enabled) return "impersonator_disabled";
  if (impersonator.locked) return "impersonator_locked";
  if (impersonator.expired) return "impersonator_expired";
  return row.parentLive ? null : "admin_session_ended";
}
