import { env } from "./env";

/**
 * The security headers of every answer, built in this one place: proxy.ts sets the page headers
 * (with a fresh nonce per request, which Next reads from the request's CSP and puts on its own
 * scripts and styles), the API wrapper sets the API headers on every JSON answer.
 */

interface HeaderOptions {
  /** The public address is https: add HSTS and upgrade-insecure-requests. */
  https: boolean;
  /** `next dev` evaluates code (React's error stacks) and injects styles without a nonce. */
  development: boolean;
  /** Live notifications through Pusher Channels: its cluster's socket hosts (else the same-origin SSE stream). */
  pusherCluster?: string;
}

function currentOptions(): HeaderOptions {
  const { PUBLIC_URL, NODE_ENV, PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET, PUSHER_CLUSTER } = env();
  const pusher = PUSHER_APP_ID && PUSHER_KEY && PUSHER_SECRET && PUSHER_CLUSTER;
  return { https: PUBLIC_URL.startsWith("https://"), development: NODE_ENV === "development", pusherCluster: pusher ? PUSHER_CLUSTER : undefined };
}

/** 128 random bits, base64: unguessable, and new for every page request. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

function commonHeaders({ https }: HeaderOptions): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * A page: scripts only with this request's nonce (and what they load, 'strict-dynamic'); styles
 * from our own files or with the nonce; everything else from our origin; never framed.
 */
export function pageSecurityHeaders(nonce: string, options: HeaderOptions = currentOptions()): Record<string, string> {
  const { https, development, pusherCluster } = options;
  // pusher-js opens a WebSocket to its cluster, falling back to HTTP streaming on the sockjs host.
  const pusher = pusherCluster ? ` wss://ws-${pusherCluster}.pusher.com https://sockjs-${pusherCluster}.pusher.com` : "";
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${development ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self'",
    "font-src 'self'",
    `connect-src 'self'${pusher}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  return {
    "Content-Security-Policy": policy,
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    ...commonHeaders(options),
  };
}

/** An API answer is data, never a document: it loads nothing and is never framed. */
export function apiSecurityHeaders(options: HeaderOptions = currentOptions()): Record<string, string> {
  return { "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'", ...commonHeaders(options) };
}

export function setHeaders(target: Headers, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) target.set(name, value);
}
