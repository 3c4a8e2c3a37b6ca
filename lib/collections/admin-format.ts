/** A collection date as the spec shows it ('MM/DD/YYYY'), by the UTC calendar day it was saved as. */
export function showDate(seconds: number | null): string {
  if (seconds === null) return "—";
  const d = new Date(seconds * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
}
