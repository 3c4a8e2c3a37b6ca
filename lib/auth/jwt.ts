import { decode, encode } from "next-auth/jwt";
import type { Role } from "@/db/schema";
import { env } from "@/lib/platform/env";
import { SESSION_MAX_AGE_SECONDS, type TokenClaims } from "@/lib/platform/session-token";

/**
 * The platform token (lib/platform/session-token's claims) plus the roles held at sign-in, which
 * only proxy.ts reads to send a person to the right area without a database round trip. Pages and
 * services check roles again from the database; a stale list here only misroutes, never grants.
 */
export interface SessionJwtClaims extends TokenClaims {
  roles: Role[];
}

export async function issueSessionJwt(claims: SessionJwtClaims): Promise<string> {
  return encode({ token: { ...claims }, secret: env().NEXTAUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
}

/** Claims of a token for the request gate: null when it is missing, forged or expired. */
export async function readGateClaims(token: string | undefined): Promise<{ sub: string; roles: Role[] | null } | null> {
  if (!token) return null;
  try {
    const claims = await decode({ token, secret: env().NEXTAUTH_SECRET });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
    const roles = Array.isArray(claims.roles) ? (claims.roles.filter((r) => typeof r === "string") as Role[]) : null;
    return { sub: claims.sub, roles };
  } catch {
    return null;
  }
}
