import "server-only";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { authSessions, type Role } from "@/db/schema";
import { clientAddress, requestHost } from "@/lib/platform/request";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/platform/session-token";
import { issueSessionJwt } from "./jwt";

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

export interface NewSession {
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
  const jwt = await issueSessionJwt({ sub: String(entry.userId), sid: row.id, tid: entry.tenantId, roles: entry.roles });
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
  const jwt = await issueSessionJwt({ sub: String(row.userId), sid: row.id, tid: row.tenantId, roles });
  return { session: row, jwt };
}

export async function revokeSession(sessionId: string, executor: Executor = db()): Promise<void> {
  await executor.update(authSessions).set({ revokedAt: sql`now()` }).where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** End every session of a user (password reset), or every one but the caller's own (password change). */
export async function revokeUserSessions(tenantId: number, userId: number, exceptSessionId?: string, executor: Executor = db()) {
  const conditions = [eq(authSessions.tenantId, tenantId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)];
  if (exceptSessionId) conditions.push(ne(authSessions.id, exceptSessionId));
  await executor.update(authSessions).set({ revokedAt: sql`now()` }).where(and(...conditions));
}
