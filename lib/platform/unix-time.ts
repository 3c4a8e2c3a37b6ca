/** The API speaks unix seconds (the spec's contract); the database holds timestamptz and date. */
export function toUnix(value: Date | null | undefined): number | null {
  return value ? Math.floor(value.getTime() / 1000) : null;
}

/** A `date` column ('YYYY-MM-DD') as the unix seconds of its midnight UTC. */
export function dateToUnix(value: string | null | undefined): number | null {
  return value ? Math.floor(Date.parse(`${value}T00:00:00Z`) / 1000) : null;
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** Unix seconds as a `date` column value, by the UTC calendar day. */
export function unixToDate(seconds: number): string {
  return fromUnix(seconds).toISOString().slice(0, 10);
}
