import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "./env";

/**
 * What a request says about its client and about the address the browser used, believing the
 * X-Forwarded-For, -Host and -Proto headers only as far as TRUSTED_PROXIES hops (our own proxies).
 * Next passes a client's own X-Forwarded-For through untouched (it fills the header from the socket
 * only when it is missing), so without a trusted proxy nothing in it can be believed.
 */

/** The client address when none can be believed: such clients share one rate-limit bucket. */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * The entry our outermost trusted proxy wrote: each proxy appends on the right, so it is the Nth
 * from the right (the leftmost when there are fewer); null when no proxy is trusted.
 */
function trustedHop(value: string | null, hops: number): string | null {
  if (hops === 0 || !value) return null;
  const entries = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.length ? entries[Math.max(0, entries.length - hops)] : null;
}

/** A request id a client may choose: short and plain, as it is echoed, logged and stored in audit_log.request_id. */
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id: the client's X-Request-Id when it is at most 64 letters, digits, dots,
 * underscores or dashes, else (missing, long, or holding anything else) a fresh UUID.
 */
export function requestIdOf(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given !== null && PLAIN_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The address per-address rate limits count and sessions record. */
export function clientAddress(headers: Headers): string {
  return (trustedHop(headers.get("x-forwarded-for"), env().TRUSTED_PROXIES) ?? UNKNOWN_ADDRESS).slice(0, 64);
}

/** The host (and port) the browser addressed: the trusted proxy's X-Forwarded-Host, else Host. */
export function requestHost(headers: Headers): string | null {
  return trustedHop(headers.get("x-forwarded-host"), env().TRUSTED_PROXIES) ?? headers.get("host");
}

/** The scheme the browser used: the trusted proxy's X-Forwarded-Proto, else the public address's. */
function requestProtocol(headers: Headers): "http:" | "https:" {
  const forwarded = trustedHop(headers.get("x-forwarded-proto"), env().TRUSTED_PROXIES);
  if (forwarded) return forwarded.toLowerCase() === "https" ? "https:" : "http:";
  return new URL(env().PUBLIC_URL).protocol === "https:" ? "https:" : "http:";
}

/** An origin (scheme, host, port) of a URL; null for "null", a bare word or a malformed value. */
function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/** A bare host[:port] (a name, an IPv4 or a bracketed IPv6 address): no user, path or query. */
const HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/** The origin the browser addressed; null when the host is missing or malformed. */
export function requestOrigin(headers: Headers): string | null {
  const host = requestHost(headers);
  return host && HOST.test(host) ? originOf(`${requestProtocol(headers)}//${host}`) : null;
}

/**
 * Whether the page that sent a request is ours (the CSRF check of cookie-authenticated changes): its
 * Origin, else its Referer, equals the public address or the address the browser used (each state
 * has its own host), scheme, host and port alike.
 */
export function isSameOrigin(headers: Headers): boolean {
  const origin = originOf(headers.get("origin") ?? headers.get("referer"));
  if (!origin) return false;
  return origin === new URL(env().PUBLIC_URL).origin || origin === requestOrigin(headers);
}

/**
 * A Location on our own public address, as a path: the browser stays on the host it used (a state's
 * own subdomain), where its cookies are and where `form-action 'self'` lets a form's redirect go.
 * Any other value (another origin, already a path) is kept as it is.
 */
export function ownLocationAsPath(location: string): string {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return location;
  }
  return url.origin === new URL(env().PUBLIC_URL).origin ? `${url.pathname}${url.search}${url.hash}` : location;
}

/**
 * A URL of ours handed to the browser (a presigned upload part), moved onto the origin the browser
 * addressed, so its fetch stays under `connect-src 'self'`. Signatures cover the path and query only.
 */
export function onRequestOrigin(location: string, headers: Headers): string {
  const origin = requestOrigin(headers);
  const path = ownLocationAsPath(location);
  return origin && path.startsWith("/") ? `${origin}${path}` : location;
}
