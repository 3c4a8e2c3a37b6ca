import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { NextResponse } from "next/server";
import { env } from "@/lib/platform/env";
import { SESSION_MAX_AGE_SECONDS, sessionCookieName } from "@/lib/platform/session-token";

/** Names and attributes of the auth cookies, shared by next-auth, the API routes and proxy.ts. */

function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
}

/** Secure over https, and in production unless the app is served on this machine over plain http. */
export function secureCookies(): boolean {
  const { PUBLIC_URL, NODE_ENV } = env();
  return PUBLIC_URL.startsWith("https://") || (NODE_ENV === "production" && !isLocalUrl(PUBLIC_URL));
}

export function csrfCookieName(): string {
  return env().PUBLIC_URL.startsWith("https://") ? "__Host-next-auth.csrf-token" : "next-auth.csrf-token";
}

function callbackCookieName(): string {
  return env().PUBLIC_URL.startsWith("https://") ? "__Secure-next-auth.callback-url" : "next-auth.callback-url";
}

interface CookieOptions {
  httpOnly: boolean;
  sameSite: "lax";
  path: string;
  secure: boolean;
  maxAge?: number;
}

export function sessionCookie(): { name: string; options: CookieOptions } {
  return {
    name: sessionCookieName(),
    options: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies(), maxAge: SESSION_MAX_AGE_SECONDS },
  };
}

/** next-auth's cookie settings, named as above so every reader agrees. */
export function nextAuthCookies() {
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure: secureCookies() };
  return {
    sessionToken: { name: sessionCookieName(), options: base },
    callbackUrl: { name: callbackCookieName(), options: base },
    csrfToken: { name: csrfCookieName(), options: base },
  };
}

function csrfHash(token: string): string {
  return createHash("sha256").update(`${token}${env().NEXTAUTH_SECRET}`).digest("hex");
}

/** The token of a csrf cookie value in next-auth's `token|sha256(token+secret)` form, when it is genuine. */
export function csrfTokenOf(cookieValue: string | undefined): string | null {
  if (!cookieValue) return null;
  const [token, hash] = cookieValue.split("|");
  if (!token || !hash) return null;
  const expected = Buffer.from(csrfHash(token));
  const given = Buffer.from(hash);
  return expected.length === given.length && timingSafeEqual(expected, given) ? token : null;
}

/** A new csrf cookie value next-auth accepts as its own. */
export function newCsrfCookieValue(): string {
  const token = randomBytes(32).toString("hex");
  return `${token}|${csrfHash(token)}`;
}

/** Put a session token in the browser cookie (impersonation start and end), or clear it (logout). */
export function setSessionCookie(response: NextResponse, jwt: string | null): NextResponse {
  const { name, options } = sessionCookie();
  if (jwt) response.cookies.set(name, jwt, options);
  else response.cookies.set(name, "", { ...options, maxAge: 0 });
  return response;
}
