import "server-only";
import { db } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import type { AppError } from "@/lib/platform/errors";
import { normalizeHeader, type Column } from "./columns";
import type { LoadCounts, Refused } from "./load";
import type { BulkLoadSummary } from "./service";
import { uploaderActor } from "./uploader";

/**
 * The users, rosters and assignments types: each row is checked with the API's own zod schema, then
 * applied by the API's own service as the uploader (uploader.ts), each row in its savepoint of the
 * load's one transaction. A row the service refuses rolls back alone and is reported with the
 * service's message; an unexpected error fails the whole load (nothing of the file is loaded).
 * Loading a row already in place changes nothing and counts as unchanged (no audit row, no mail).
 */

type LoadInfo = { id: number; userId: number | null; impersonatorId: number | null; scope: BulkLoadSummary["scope"]; requestId?: string };
export type Outcome = "created" | "unchanged";
export type Checked<R> = { ok: true; row: R } | { ok: false; reason: string };

/** One type's rules: its columns, the row check (pure) and the row's change through the API's service. */
interface RowType<R> {
  columns: Column[];
  /** The cell that names a refused row in the results file. */
  key: string;
  check(cell: (name: string) => string): Checked<R>;
  apply(actor: Actor, row: R, origin: AuditOrigin): Promise<Outcome>;
  /**
   * An optional set-based pass first: it loads only rows that meet every rule of the API (it may be
   * stricter, never looser) or are already in place, and answers their outcomes by line; every other
   * row then goes through `apply`, so the API still decides and words each refusal.
   */
  bulk?(actor: Actor, rows: Good<R>[], origin: AuditOrigin): Promise<Map<number, Outcome>>;
  /** A refusal that means the row is already in place (the API's 409 for the same pair). */
  already?(error: AppError): boolean;
  /** The column a service's refusal is about (by the API field it names, or its message). */
  columnOf(error: AppError, row: R): string;
}

/** What load.ts runs for a type: check every row, then load the good ones. */
export interface TypeLoader {
  check(header: string[], data: { line: number; cells: string[] }[]): { good: unknown[]; refused: Refused[] };
  /** `progress` is told how many of `good` are done so far (it throttles and reports outside the load's transaction). */
  load(t: number, load: LoadInfo, good: unknown[], progress?: (done: number) => void): Promise<LoadCounts>;
}

export type Good<R> = { line: number; key: string; row: R };

/** A service's refusal (duck-typed: AppError may come from another bundle in tests). */
const isAppError = (error: unknown): error is AppError =>
  error instanceof Error && error.name === "AppError" && typeof (error as { status?: unknown }).status === "number";

/** "column: message", the field's message when the service named one (the spec's texts). */
function reasonOf<R>(type: RowType<R>, error: AppError, row: R): string {
  return `${type.columnOf(error, row)}: ${error.errors?.[0]?.message ?? error.message}`;
}

/** zod issues as "column: message" (first issue a column), joined with "; ". */
export function issueReasons(issues: { path: PropertyKey[]; message: string }[], columnOf: (path: PropertyKey[]) => string): string {
  const seen = new Map<string, string>();
  for (const issue of issues) {
    const column = columnOf(issue.path);
    if (!seen.has(column)) seen.set(column, issue.message);
  }
  return [...seen].map(([column, message]) => `${column}: ${message}`).join("; ");
}

export function rowLoader<R>(type: RowType<R>): TypeLoader {
  return {
    check(header, data) {
      const index = new Map<string, number>();
      header.forEach((name, i) => {
        const key = normalizeHeader(name);
        if (!index.has(key)) index.set(key, i);
      });
      const position = new Map(type.columns.map((c) => [c.name, index.get(normalizeHeader(c.name)) ?? -1]));
      const good: Good<R>[] = [];
      const refused: Refused[] = [];
      for (const { line, cells } of data) {
        if (cells.every((c) => c.trim() === "")) continue;
        const cell = (name: string) => cells[position.get(name) ?? -1] ?? "";
        const key = cell(type.key).trim().slice(0, 254);
        const checked = type.check(cell);
        if (checked.ok) good.push({ line, key, row: checked.row });
        else refused.push({ line, stateId: key, reason: checked.reason });
      }
      return { good, refused };
    },

    async load(t, load, rows, progress) {
      const actor = await uploaderActor(t, load.userId, load.impersonatorId);
      const origin: AuditOrigin = { requestId: load.requestId ?? `bulk-load:${load.id}` };
      const counts: LoadCounts = { created: 0, updated: 0, unchanged: 0, enrolled: 0, refused: [] };
      const good = rows as Good<R>[];
      const handled = type.bulk ? await type.bulk(actor, good, origin) : new Map<number, Outcome>();
      for (const outcome of handled.values()) counts[outcome]++;
      let done = handled.size;
      progress?.(done);
      for (const { line, key, row } of good) {
        if (handled.has(line)) continue;
        progress?.(done++);
        try {
          // A savepoint: a refused row's partial writes (and its mail) roll back, the others stay.
          const outcome = await db().transaction(() => type.apply(actor, row, origin));
          counts[outcome]++;
        } catch (error) {
          if (!isAppError(error)) throw error;
          if (type.already?.(error)) counts.unchanged++;
          else counts.refused.push({ line, stateId: key, reason: reasonOf(type, error, row) });
        }
      }
      return counts;
    },
  };
}

const TRUE_FLAGS = new Set(["1", "y", "yes", "true", "t"]);
const FALSE_FLAGS = new Set(["0", "n", "no", "false", "f"]);

/** A 1/0 cell as the students type reads flags (also Y/N, yes/no, true/false); blank is `blank`, anything else null. */
export function flagCell(value: string, blank: boolean): boolean | null {
  const text = value.trim().toLowerCase();
  if (text === "") return blank;
  return TRUE_FLAGS.has(text) ? true : FALSE_FLAGS.has(text) ? false : null;
}
