import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ADMINISTRATIVE, keptReaching, locationInReach, type KeptReach } from "@/lib/organisations/reach";

/**
 * What a report builder hands the writer: its columns and one SQL statement whose rows the job reads
 * through a cursor, so a state-wide report never sits in memory whole.
 */

/**
 * Whom a report covers, fixed when it is requested (service.ts): an admin's kept reach (tenant-wide,
 * or their administrative links), or a teacher's roster. `locations` is the form of reports
 * requested before the links were kept (a list of location ids), still read.
 */
export type ReportScope = KeptReach | { locations: number[] } | { teacherId: number };

export interface ReportContext {
  tenantId: number;
  scope: ReportScope;
  schoolYearId: number;
  /** The collection of a collection report (its id and the assessment's configuration). */
  collection: { id: number; name: string; assessmentId: number; configuration: Record<string, unknown> } | null;
  /** The teacher asked for priority items only: the items of the collection's first set by priority (as the scoring screen's filter). */
  priorityOnly?: boolean;
}

export type Row = Record<string, unknown>;

export interface Column {
  header: string;
  value: (row: Row) => string | number | null;
  /** Kept as text whatever it looks like (state ids: leading zeros). */
  text?: boolean;
  width?: number;
}

export interface Sheet {
  name: string;
  columns: Column[];
  query: SQL;
}

/** A column read from one field of the row. */
export const field = (header: string, key: string, options: { text?: boolean; width?: number } = {}): Column => ({
  header,
  // Text is never read as a number: "000123" stays "000123".
  value: options.text ? (row) => (row[key] === null || row[key] === undefined ? null : String(row[key])) : (row) => cell(row[key]),
  ...options,
});

/** Database values as spreadsheet cells: numbers stay numbers, booleans read Yes/No, dates ISO. */
export function cell(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value) && value.length < 15) return Number(value);
  return String(value);
}

/** Condition: the enrollment aliased `e` lies in the report's scope. */
export function enrollmentInScope(context: ReportContext): SQL {
  const { scope, tenantId } = context;
  if ("all" in scope) return sql`true`;
  if ("links" in scope) return locationInReach(keptReaching(tenantId, scope), sql`e.location_id`, ADMINISTRATIVE);
  if ("locations" in scope) return sql`e.location_id = any(${`{${scope.locations.join(",")}}`}::int[])`;
  return sql`exists (select 1 from enrollment_associations sa where sa.tenant_id = ${tenantId}
    and sa.student_enrollment_id = e.id and sa.user_id = ${scope.teacherId})`;
}

export function requireCollection(context: ReportContext) {
  if (!context.collection) throw new Error("a collection report without its collection");
  return context.collection;
}
