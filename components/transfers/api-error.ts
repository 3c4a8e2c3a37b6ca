/** The spec's error text of an API answer: its message, else the first field error, else the fallback. */
export async function apiErrorText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: string; errors?: { message: string }[] } | null;
  return body?.errors?.[0]?.message ?? body?.message ?? "Something went wrong";
}
