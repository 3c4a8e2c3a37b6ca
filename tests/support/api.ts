import { NextRequest } from "next/server";
import type { RouteHandler } from "@/lib/platform/api";
import { encodeToken, sessionCookieName } from "@/lib/platform/session-token";
import { db } from "@/db/client";
import { authSessions } from "@/db/schema";

export const BASE = "http://localhost:3000";

export interface CallOptions {
  query?: Record<string, string | number | boolean>;
  params?: Record<string, string | string[]>;
  body?: unknown;
  /** Raw body text (to send malformed JSON). */
  rawBody?: string;
  token?: string;
  /** Send the token as the next-auth session cookie instead of a bearer header. */
  asCookie?: boolean;
  headers?: Record<string, string>;
}

/** Call a route handler in-process, the way Next would, against the file's database. */
export async function call(handler: RouteHandler, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(path, BASE);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v));
  const headers = new Headers(options.headers);
  if (options.token && options.asCookie) headers.set("cookie", `${sessionCookieName()}=${options.token}`);
  else if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
  }
  if (body !== undefined) headers.set("content-type", "application/json");
  const req = new NextRequest(url, { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: json as any };
}

/** A signed-in session for a user, as POST /login would create: returns its jwt. */
export async function tokenFor(user: { id: number; tenantId: number }, activeRole?: string): Promise<string> {
  const [session] = await db()
    .insert(authSessions)
    .values({ tenantId: user.tenantId, userId: user.id, activeRole, expiresAt: new Date(Date.now() + 3600_000) })
    .returning({ id: authSessions.id });
  return encodeToken({ sub: String(user.id), sid: session.id, tid: user.tenantId });
}
