/** The PostgreSQL error behind a failed query, whichever driver raised it and however Drizzle wrapped it. */
interface PgError {
  code: string;
  constraint?: string;
}

export function pgErrorOf(error: unknown): PgError | null {
  for (let e = error as { code?: unknown; constraint?: string; constraint_name?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    // postgres.js names it constraint_name, PGlite constraint; Drizzle puts either under `cause`.
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint ?? e.constraint_name };
    e = e.cause as typeof e;
  }
  return null;
}

const UNIQUE_VIOLATION = "23505";

/** Whether the error is a unique violation, optionally of one named index or constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === UNIQUE_VIOLATION && (constraint === undefined || pg.constraint === constraint);
}
