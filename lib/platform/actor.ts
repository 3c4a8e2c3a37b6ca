import "server-only";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { authSessions, tenants, userFeatures, userOrganizations, userRoles, users, type OrgType, type Role } from "@/db/schema";
import { can, defaultActiveRole, holdsRole } from "@/lib/auth/permissions";
import { deadSessionReason, requestContext, revokeSession } from "@/lib/auth/sessions";
import { decodeToken, tokenFromRequest, type TokenClaims } from "./session-token";
import { forTenant } from "./tenancy";

interface OrgLink {
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
 * Load the actor of a token's session; null when the session ended or expired, or its account (or
 * its impersonator's) is locked, disabled or expired. Runs under the token's tenant (`tid`): a
 * session of another tenant is not found. `headers` give the audit row of a session ended here its
 * address and browser.
 */
export function actorForSession(token: Pick<TokenClaims, "sid" | "tid">, via: Actor["via"], headers?: Headers): Promise<Actor | null> {
  return forTenant({ tenantId: token.tid }, () => loadActor(token, via, headers));
}

const impersonators = alias(users, "impersonator");
const parents = alias(authSessions, "parent_session");

/**
 * The one query of every request: the session, its user and tenant, the impersonator and the admin's
 * own session, and the user's roles, features and organisation links (aggregated as JSON).
 */
function sessionRow({ sid, tid }: Pick<TokenClaims, "sid" | "tid">) {
  const userId = authSessions.userId;
  return db()
    .select({
      id: authSessions.id,
      userId,
      tenantId: authSessions.tenantId,
      activeRole: authSessions.activeRole,
      impersonatorId: authSessions.impersonatorId,
      tenantName: tenants.name,
      user: { enabled: users.enabled, locked: users.locked, expired: users.expired },
      impersonator: { enabled: impersonators.enabled, locked: impersonators.locked, expired: impersonators.expired },
      parentLive: sql<boolean>`coalesce(${parents.revokedAt} is null and ${parents.expiresAt} > now(), false)`,
      roles: sql<Role[]>`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${userId})`,
      features: sql<string[]>`array(select ${userFeatures.feature}::text from ${userFeatures} where ${userFeatures.userId} = ${userId})`,
      orgs: sql<OrgLink[]>`(select coalesce(json_agg(json_build_object('orgType', ${userOrganizations.orgType}, 'id', ${userOrganizations.parentId},
        'administrative', ${userOrganizations.administrative})), '[]') from ${userOrganizations} where ${userOrganizations.userId} = ${userId})`,
    })
    .from(authSessions)
    .innerJoin(users, and(eq(users.tenantId, authSessions.tenantId), eq(users.id, authSessions.userId)))
    .innerJoin(tenants, eq(tenants.id, authSessions.tenantId))
    .leftJoin(impersonators, and(eq(impersonators.tenantId, authSessions.tenantId), eq(impersonators.id, authSessions.impersonatorId)))
    .leftJoin(parents, eq(parents.id, authSessions.parentSessionId))
    .where(and(eq(authSessions.tenantId, tid), eq(authSessions.id, sid), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
    .limit(1);
}

/**
 * A live row still dies here when its user is locked, disabled or expired, or (impersonation) when
 * the impersonator is, or the admin's own session ended: it is ended at once, with an audit row.
 */
async function loadActor(token: Pick<TokenClaims, "sid" | "tid">, via: Actor["via"], headers?: Headers): Promise<Actor | null> {
  const [row] = await sessionRow(token);
  if (!row) return null;
  const impersonated = row.impersonatorId !== null;
  const reason = deadSessionReason({ user: row.user, impersonator: row.impersonator, impersonated, parentLive: row.parentLive });
  if (reason) {
    // The audit row names where the dead session was last tried from.
    await revokeSession(row.id, reason, headers && requestContext(headers));
    return null;
  }
  const { roles } = row;
  const stored = row.activeRole as Role | null;
  return {
    userId: row.userId,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    roles,
    features: row.features,
    activeRole: stored && holdsRole({ roles }, stored) ? stored : defaultActiveRole(roles),
    tenantWide: can({ roles }, "scope.tenant"),
    orgs: row.orgs,
    sessionId: row.id,
    impersonatorId: row.impersonatorId,
    via,
  };
}

/** The actor of a request (bearer jwt or next-auth cookie), or null when there is none. */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const found = tokenFromRequest(headers);
  if (!found) return null;
  const claims = await decodeToken(found.token);
  if (!claims) return null;
  return actorForSession(claims, found.via, headers);
}
