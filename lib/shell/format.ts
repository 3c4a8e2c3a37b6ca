/**
 * Display formats of the spec (section 9): dates as 'MMMM D, YYYY', moments as 'MM/DD/YYYY h:mm:ss a z'.
 * Pure, for server and browser; in UTC, so both render the same text.
 */

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en-US");

/** An ISO date or timestamp as 'September 1, 2025'; collection windows are stored at UTC midnights. */
export function formatDate(value: string | Date): string {
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return dateFormat.format(date);
}

const momentFormat = new Intl.DateTimeFormat("en-US", {
  month: "2-digit",
  day: "2-digit",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});

/** A moment (unix seconds, or an ISO timestamp) as '11/28/2026 3:40:12 PM UTC'; nothing for none. */
export function formatDateTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  return `${momentFormat.format(date).replace(",", "")} UTC`;
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
