/**
 * The spec's error text for a failed call (§8): the answer's message, else the first entry of its
 * errors, else the fallback of its status.
 */
const FALLBACKS: Record<number, string> = {
  500: "Unable to complete your request. If you believe this message to be in error contact your system administrator",
  409: "The request couldn't be completed due to a conflicting resource call",
  403: "Token does not have the required permissions",
  401: "Authorization Error",
};

export async function errorMessage(res: Response | null): Promise<string> {
  if (!res) return "Something went wrong";
  const body = (await res.json().catch(() => null)) as { message?: string; errors?: { message: string }[] } | null;
  return body?.message ?? body?.errors?.[0]?.message ?? FALLBACKS[res.status] ?? "Something went wrong";
}
