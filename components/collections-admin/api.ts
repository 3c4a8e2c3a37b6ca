"use client";

/** One call of the collections API from a page (the session cookie; same origin). */
interface ApiAnswer<T> {
  ok: boolean;
  data: T | null;
  /** The spec's error text choice: the answer's message, else its first field error. */
  message: string;
  errors: { field: string; message: string }[];
}

export async function callApi<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const res = await fetch(`/en/api/v1${path}`, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  const json = (await res?.json().catch(() => null)) as (T & { message?: string; errors?: { field: string; message: string }[] }) | null;
  if (res?.ok) return { ok: true, data: json, message: "", errors: [] };
  return { ok: false, data: null, message: json?.message ?? json?.errors?.[0]?.message ?? "Something went wrong", errors: json?.errors ?? [] };
}

/** A date input's value (YYYY-MM-DD, a UTC calendar day) as unix seconds, and back. */
export const dayToUnix = (day: string): number | null => (day ? Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) : null);
export const unixToDay = (seconds: number | null): string => (seconds === null ? "" : new Date(seconds * 1000).toISOString().slice(0, 10));

export const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
