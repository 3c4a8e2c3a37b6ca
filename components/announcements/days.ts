/*
 * The page picks whole days; the API speaks unix seconds. A day runs from its first to its last
 * second, by the UTC calendar the platform's dates are shown in (formatDate), so an announcement
 * ending on 'May 2' is shown ending on May 2 everywhere. Pure, for the browser.
 */

/** 'YYYY-MM-DD' as the unix seconds of its start or its last second; NaN for an empty or bad day (the server refuses it). */
export function dayToUnix(day: string, edge: "start" | "end"): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  const start = Date.parse(`${day}T00:00:00Z`) / 1000;
  return edge === "start" ? start : start + 86_399;
}

export function unixToDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}
