import { decode, encode } from "next-auth/jwt";
import type { Role } from "@/db/schema/identity";
import { env } from "./env";

/** Claims of the platform's token: the same JWE serves as next-auth's session cookie and as a bearer jwt. */
export interface TokenClaims {
  /** user id the session acts as */
  sub: string;
  /** auth_sessions.id, checked on every request so logout ends the token server-side */
  sid: string;
  /** tenant id */
  tid: number;
  /**
   * Roles held at sign-in, which only proxy.ts reads to send a person to the right area without a
   * database round trip; pages and services check roles again, so a stale list misroutes, never grants.
   * Null when the token carries none.
   */
  roles: Role[] | null;
}

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export function sessionCookieName(): string {
  return env().PUBLIC_URL.startsWith("https://") ? "__Secure-next-auth.session-token" : "next-auth.session-token";
}

/** The one codec of the token: sessions issue it, the actor lookup and proxy.ts read it. */
export async function encodeToken(claims: Omit<TokenClaims, "roles"> & { roles?: Role[] }): Promise<string> {
  return encode({ token: { ...claims }, secret: env().NEXTAUTH_SECRET, maxAge: SESSION_MAX_AGE_SECONDS });
}

/**
 * Decoded tokens, by their text: every request decodes its token (proxy.ts and the actor lookup), and
 * a JWE decode (key derivation, then AES) is the same work each time for the same text. An entry
 * lives until the token's own expiry, at most a minute; revocation is checked in the database anyway.
 */
const decoded = new Map<string, { claims: TokenClaims; until: number; secret: string }>();
const DECODED_MAX = 10_000;
const DECODED_TTL_MS = 60_000;

function remember(token: string, claims: TokenClaims, exp: unknown, secret: string): void {
  if (decoded.size >= DECODED_MAX) decoded.delete(decoded.keys().next().value!);
  const expires = typeof exp === "number" ? exp * 1000 : 0;
  decoded.set(token, { claims, until: Math.min(expires, Date.now() + DECODED_TTL_MS), secret });
}

/** The claims of a token; null when it is missing, forged, expired or not ours in shape. */
export async function decodeToken(token: string | undefined): Promise<TokenClaims | null> {
  if (!token) return null;
  const secret = env().NEXTAUTH_SECRET;
  const known = decoded.get(token);
  if (known && known.until > Date.now() && known.secret === secret) return known.claims;
  if (known) decoded.delete(token);
  try {
    const claims = await decode({ token, secret });
    if (!claims || typeof claims.sid !== "string" || typeof claims.sub !== "string" || typeof claims.tid !== "number") {
      return null;
    }
    const roles = Array.isArray(claims.roles) ? (claims.roles.filter((r) => typeof r === "string") as Role[]) : null;
    const result = { sub: claims.sub, sid: claims.sid, tid: claims.tid, roles };
    remember(token, result, claims.exp, secret);
    return result;
  } catch {
    return null;
  }
}

/** A cookie value as the browser sent it; null when its percent-encoding is malformed ("%"). */
function decodeCookieValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The raw token of a request: `Authorization: Bearer`, else the next-auth session cookie. A
 * malformed cookie is no session (the caller answers as to anyone signed out), never an error.
 */
export function tokenFromRequest(headers: Headers): { token: string; via: "bearer" | "cookie" } | null {
  const auth = headers.get("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) return { token: auth.slice(7).trim(), via: "bearer" };
  const cookies = headers.get("cookie");
  if (!cookies) return null;
  const name = sessionCookieName();
  for (const part of cookies.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    const token = decodeCookieValue(value.join("="));
    return token ? { token, via: "cookie" } : null;
  }
  return null;
}
