/** A date input's value (YYYY-MM-DD, a UTC calendar day) as unix seconds, and back. */
export const dayToUnix = (day: string): number | null => (day ? Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) : null);
export const unixToDay = (seconds: number | null): string => (seconds === null ? "" : new Date(seconds * 1000).toISOString().slice(0, 10));

export const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
