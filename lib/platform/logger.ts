type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Read directly, not through env(): a log line must never fail, even when the configuration is invalid. */
function threshold(): number {
  return order[(process.env.LOG_LEVEL as Level | "silent" | undefined) ?? "info"] ?? order.info;
}

/**
 * One JSON line per event. Callers pass ids and counts only: never names, birth dates or other
 * personal fields of students or users.
 */
function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};

/**
 * The parts of an unknown error that are safe for a log line (never sent to a client). A failed
 * query's message lists its parameters, which may be a child's name or birth date: the line keeps the
 * statement and the database's own error (its SQLSTATE and message; never its detail, which quotes values).
 */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const message = error.message.replace(/\nparams: [\s\S]*$/, "");
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const database = typeof cause?.code === "string" ? { code: cause.code, cause: String(cause.message ?? "") } : {};
  return { error: message, ...database, stack: error.stack?.replace(error.message, message) };
}
