import type { FieldError } from "@/lib/platform/errors";

export type Sent<T> = { ok: true; data: T } | { ok: false; message: string; errors: FieldError[] };

/** One JSON call of the system API from the browser (cookie session, same origin): the answer or its message and field errors. */
export async function send<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<Sent<T>> {
  try {
    const res = await fetch(`/en/api/v1${path}`, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as (T & { message?: string; errors?: FieldError[] }) | null;
    if (res.ok) return { ok: true, data: data as T };
    return { ok: false, message: data?.message || "Something went wrong", errors: data?.errors ?? [] };
  } catch {
    return { ok: false, message: "Something went wrong", errors: [] };
  }
}
