import "server-only";
import { and, eq, gt, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { authSessions, tenants, userFeatures, userOrganizations, userRoles, users, type OrgType, type Role } from "@/db/schema";
import { can, defaultActiveRole, holdsRole } from "@/lib/auth/permissions";
import { decodeToken, tokenFromRequest, type TokenClaims } from "./session-token";
import { forTenant } from "./tenancy";

export interface OrgLink {
  orgType: OrgType;
  id: number;
  administrative: boolean;
}

/** Who is calling, resolved once per request and passed first to every service. */
export interface Actor {
  userId: number;
  tenantId: number;
  tenantName: string;
  roles: Role[];
  features: string[];
  activeRole: Role | "none";
  /** Tenant admins and system admins see the whole tenant; others only their organisation links. */
  tenantWide: boolean;
  orgs: OrgLink[];
  sessionId: string;
  /** The admin behind an impersonated session. */
  impersonatorId: number | null;
  via: "bearer" | "cookie" | "internal";
}

/**
 * Load the actor of a token's session; null when the session ended, expired or the account is
 * disabled. Runs under the token's tenant (`tid`): a session of another tenant is not found.
 */
export function actorForSession(token: Pick<TokenClaims, "sid" | "tid">, via: Actor["via"]): Promise<Actor | null> {
  return forTenant({ tenantId: token.tid }, () => loadActor(token, via));
}

async function loadActor({ sid, tid }: Pick<TokenClaims, "sid" | "tid">, via: Actor["via"]): Promise<Actor | null> {
  const [row] = await db()
    .select({ session: authSessions, user: users, tenantName: tenants.name })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(authSessions.tenantId, tid), eq(authSessions.id, sid), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, new Date())))
    .limit(1);
  if (!row || !row.user.enabled || row.user.locked) return null;
  const userId = row.user.id;
  const [roleRows, featureRows, orgRows] = await Promise.all([
    db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db().select({ feature: userFeatures.feature }).from(userFeatures).where(eq(userFeatures.userId, userId)),
    db()
      .select({ orgType: userOrganizations.orgType, id: userOrganizations.parentId, administrative: userOrganizations.administrative })
      .from(userOrganizations)
      .where(eq(userOrganizations.userId, userId)),
  ]);
  const roles = roleRows.map((r) => r.role);
  const stored = row.session.activeRole as Role | null;
  return {
    userId,
    tenantId: row.user.tenantId,
    tenantName: row.tenantName,
    roles,
    features: featureRows.map((f) => f.feature),
    activeRole: stored && holdsRole({ roles }, stored) ? stored : defaultActiveRole(roles),
    tenantWide: can({ roles }, "scope.tenant"),
    orgs: orgRows,
    sessionId: row.session.id,
    impersonatorId: row.session.impersonatorId,
    via,
  };
}

/** The actor of a request (bearer jwt or next-auth cookie), or null when there is none. */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const found = tokenFromRequest(headers);
  if (!found) return null;
  const claims = await decodeToken(found.token);
  if (!claims) return null;
  return actorForSession(claims, found.via);
}
