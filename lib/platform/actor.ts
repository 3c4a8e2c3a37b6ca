import "server-only";
import { sql } from "drizzle-orm";
import type { OrgType, Role } from "@/db/schema";
import { can, defaultActiveRole, holdsRole } from "@/lib/auth/permissions";
import { deadSessionReason, requestContext, revokeSession } from "@/lib/auth/sessions";
import { decodeToken, tokenFromRequest, type TokenClaims } from "./session-token";
import { forTenant, inTenantStatement } from "./tenancy";

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
export async function actorForSession(token: Pick<TokenClaims, "sid" | "tid">, via: Actor["via"], headers?: Headers): Promise<Actor | null> {
  const [row] = await sessionRow(token);
  if (!row) return null;
  const impersonated = row.impersonator_id !== null;
  const flags = (enabled: boolean | null, locked: boolean | null, expired: boolean | null) =>
    enabled === null ? null : { enabled, locked: Boolean(locked), expired: Boolean(expired) };
  const reason = deadSessionReason({
    user: flags(row.user_enabled, row.user_locked, row.user_expired)!,
    impersonator: flags(row.impersonator_enabled, row.impersonator_locked, row.impersonator_expired),
    impersonated,
    parentLive: row.parent_live,
  });
  if (reason) {
    // The audit row names where the dead session was last tried from.
    await forTenant({ tenantId: token.tid }, () => revokeSession(row.id, reason, headers && requestContext(headers)));
    return null;
  }
  const roles = row.roles as Role[];
  const stored = row.active_role as Role | null;
  return {
    userId: row.user_id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    roles,
    features: row.features,
    activeRole: stored && holdsRole({ roles }, stored) ? stored : defaultActiveRole(roles),
    tenantWide: can({ roles }, "scope.tenant"),
    orgs: row.orgs,
    sessionId: row.id,
    impersonatorId: row.impersonator_id,
    via,
  };
}

interface SessionRow {
  id: string;
  user_id: number;
  tenant_id: number;
  active_role: string | null;
  impersonator_id: number | null;
  tenant_name: string;
  user_enabled: boolean;
  user_locked: boolean;
  user_expired: boolean;
  impersonator_enabled: boolean | null;
  impersonator_locked: boolean | null;
  impersonator_expired: boolean | null;
  parent_live: boolean;
  roles: string[];
  features: string[];
  orgs: OrgLink[];
}

/**
 * The one query of every request (migration 0034's session_actor): the live session, its user and
 * tenant, the impersonator and the admin's own session, and the user's roles, features and
 * organisation links. One call that binds the token's tenant itself: one round trip.
 */
function sessionRow({ sid, tid }: Pick<TokenClaims, "sid" | "tid">): Promise<SessionRow[]> {
  return inTenantStatement<SessionRow>({ tenantId: tid }, (bind) => sql`select * from session_actor(${bind}, ${tid}, ${sid}::uuid)`);
}

/** The actor of a request (bearer jwt or next-auth cookie), or null when there is none. */
export async function actorFromHeaders(headers: Headers): Promise<Actor | null> {
  const found = tokenFromRequest(headers);
  if (!found) return null;
  const claims = await decodeToken(found.token);
  if (!claims) return null;
  return actorForSession(claims, found.via, headers);
}
