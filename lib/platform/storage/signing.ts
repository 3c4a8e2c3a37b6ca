import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { env } from "../env";
import { AppError } from "../errors";

export const LINK_UNSIGNED = "This link is not signed";
export const LINK_EXPIRED = "This link has expired";
export const LINK_INVALID = "This link's signature is not valid";

const holder = globalThis as unknown as { __storageSigningKey?: { secret: string; key: Buffer } };

/** A key of its own, derived from the app secret, so a leaked URL signature says nothing about sessions. */
function signingKey(): Buffer {
  const secret = env().NEXTAUTH_SECRET;
  if (holder.__storageSigningKey?.secret !== secret) {
    const key = Buffer.from(hkdfSync("sha256", secret, "", "storage-url-signing-v1", 32));
    holder.__storageSigningKey = { secret, key };
  }
  return holder.__storageSigningKey.key;
}

/** Method, path and every parameter (sorted) are covered: no part of a signed URL can be changed. */
function canonical(method: string, pathname: string, params: Record<string, string>): string {
  const pairs = Object.keys(params)
    .filter((k) => k !== "signature")
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k])}`);
  return [method.toUpperCase(), pathname, ...pairs].join("\n");
}

function sign(method: string, pathname: string, params: Record<string, string>): string {
  return createHmac("sha256", signingKey())
    .update(canonical(method, pathname, params))
    .digest("base64url");
}

/** An absolute URL on this app, valid for `expiresIn` seconds for one method. */
export function signedUrl(method: string, pathname: string, params: Record<string, string>, expiresIn: number, now = Date.now()): string {
  const expires = String(Math.floor(now / 1000) + Math.max(1, Math.floor(expiresIn)));
  const all = { ...params, expires };
  const url = new URL(pathname, env().PUBLIC_URL);
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  url.searchParams.set("signature", sign(method, pathname, all));
  return url.toString();
}

/** Check a signed URL and answer its parameters; refuses unsigned, tampered and expired links with 403. */
export function verifySignedUrl(method: string, url: URL, now = Date.now()): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of url.searchParams.entries()) {
    if (k in params) throw new AppError(403, LINK_INVALID);
    params[k] = v;
  }
  const given = params.signature;
  if (!given || !params.expires) throw new AppError(403, LINK_UNSIGNED);
  const expected = Buffer.from(sign(method, url.pathname, params));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new AppError(403, LINK_INVALID);
  if (!/^\d+$/.test(params.expires) || Number(params.expires) * 1000 < now) throw new AppError(403, LINK_EXPIRED);
  delete params.signature;
  delete params.expires;
  return params;
}
