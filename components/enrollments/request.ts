/** One JSON call of the enrollment pages: the answer's body, or the spec's error text (its message, else its first field error). */
export async function request<T>(method: string, url: string, body?: unknown): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!res) return { ok: false, message: "Something went wrong" };
  const data = (await res.json().catch(() => null)) as (T & { message?: string; errors?: { message: string }[] }) | null;
  if (res.ok) return { ok: true, data: data as T };
  return { ok: false, message: data?.message ?? data?.errors?.[0]?.message ?? "Something went wrong" };
}

/** Every field's message of a 400, joined by line breaks (shown under the form). */
export async function fieldMessages(
  method: string,
  url: string,
  body: unknown,
): Promise<{ ok: true } | { ok: false; message: string; fields: Record<string, string> }> {
  const res = await fetch(url, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
  if (!res) return { ok: false, message: "Something went wrong", fields: {} };
  if (res.ok) return { ok: true };
  const data = (await res.json().catch(() => null)) as { message?: string; errors?: { field: string; message: string }[] } | null;
  return { ok: false, message: data?.message ?? "Something went wrong", fields: Object.fromEntries((data?.errors ?? []).map((e) => [e.field, e.message])) };
}
