import type { FieldError } from "@/lib/platform/errors";

/**
 * The one way the browser calls our API (docs/architecture.md 'Browser data access'): same origin,
 * the session cookie, never a cached answer. Reads and writes alike answer the data, or the spec's
 * error text (platform §8) with the field errors of a 400.
 */

export const API = "/en/api/v1";

export type Answer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; message: string; errors: FieldError[] };

const FALLBACKS: Record<number, string> = {
  500: "Unable to complete your request. If you believe this message to be in error contact your system administrator",
  409: "The request couldn't be completed due to a conflicting resource call",
  403: "Token does not have the required permissions",
  401: "Authorization Error",
};
const GENERIC = "Something went wrong";

/**
 * Spec §8: a string answer, then its message, then its first field error, then the status's
 * fallback; `fallback` replaces the last where the spec names one ('Error fetching data').
 */
function errorText(status: number, body: unknown, fallback?: string): string {
  if (typeof body === "string" && body) return body;
  const b = body as { message?: unknown; errors?: { message?: unknown }[] } | null;
  if (typeof b?.message === "string" && b.message) return b.message;
  const first = Array.isArray(b?.errors) ? b.errors[0]?.message : undefined;
  if (typeof first === "string" && first) return first;
  return fallback ?? FALLBACKS[status] ?? GENERIC;
}

/** The error text of a failed answer read with fetch itself (a download, a stream); null: the network failed. */
export async function errorMessage(res: Response | null, fallback?: string): Promise<string> {
  if (!res) return fallback ?? GENERIC;
  return errorText(res.status, await res.json().catch(() => null), fallback);
}

/** A 400's field errors by field, for messages under the inputs. */
export const fieldMessages = (errors: FieldError[]): Record<string, string> => Object.fromEntries(errors.map((e) => [e.field, e.message]));

interface CallOptions {
  signal?: AbortSignal;
  /** The text of a failure whose answer says nothing (spec §8 names some: 'Error fetching data'). */
  fallback?: string;
}

/**
 * One call: `path` is under the API (`/users?page=1`), `body` JSON or a FormData. A 401 means the
 * session ended elsewhere: the page goes to sign-in, as the spec asks (§8).
 */
export async function callApi<T = unknown>(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer<T>> {
  const form = typeof FormData !== "undefined" && body instanceof FormData;
  const res = await fetch(`${API}${path}`, {
    method,
    credentials: "same-origin",
    cache: "no-store",
    signal: options.signal,
    headers: body === undefined || form ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : form ? (body as FormData) : JSON.stringify(body),
  }).catch(() => null);
  if (!res) return { ok: false, status: 0, message: options.fallback ?? GENERIC, errors: [] };
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  // The page loaded again meets the session gate (proxy.ts), which sends it to sign-in with reason 401.
  if (res.status === 401 && typeof window !== "undefined") window.location.reload();
  const errors = Array.isArray((data as { errors?: unknown } | null)?.errors) ? (data as { errors: FieldError[] }).errors : [];
  return { ok: false, status: res.status, message: errorText(res.status, data, options.fallback), errors };
}

/** The data of a call, or an Error carrying the spec's text (for reads that a component awaits whole). */
export async function apiData<T>(method: string, path: string, body?: unknown, options?: CallOptions): Promise<T> {
  const answer = await callApi<T>(method, path, body, options);
  if (!answer.ok) throw new Error(answer.message);
  return answer.data;
}
