/** Shared shapes and arithmetic of the dashboards (pure: also used by the pages' tables). */

export type CollectionStatus = "Upcoming" | "Open" | "Closed";

export interface CollectionProgress {
  id: number;
  name: string;
  assessmentName: string;
  /** KRA when the assessment's taxonomy is SUMMATIVE, ELA otherwise. */
  family: "KRA" | "ELA";
  schoolYear: string;
  cycleStartDate: string;
  cycleEndDate: string;
  status: CollectionStatus;
  students: number;
  items: number;
  scored: number;
  /** scored / (students × items), 0-100 with one decimal; 0 when nothing is expected. */
  completion: number;
}

export function completionPercent(scored: number, expected: number): number {
  if (expected <= 0) return 0;
  return Math.round(Math.min(1, scored / expected) * 1000) / 10;
}

export function collectionStatus(start: Date, end: Date, now: Date): CollectionStatus {
  if (now < start) return "Upcoming";
  return now > end ? "Closed" : "Open";
}

export function familyOf(taxonomy: string): "KRA" | "ELA" {
  return taxonomy.toUpperCase() === "SUMMATIVE" ? "KRA" : "ELA";
}

/** Raw row of the completion queries: counts may arrive as strings from the driver. */
export interface ProgressRow {
  id: number;
  name: string;
  assessment_name: string;
  taxonomy: string;
  school_year: string;
  cycle_start_date: Date | string;
  cycle_end_date: Date | string;
  students: number | string;
  items: number | string;
  scored: number | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function toProgress(row: ProgressRow, now: Date): CollectionProgress {
  const students = Number(row.students);
  const items = Number(row.items);
  const scored = Number(row.scored);
  return {
    id: row.id,
    name: row.name,
    assessmentName: row.assessment_name,
    family: familyOf(row.taxonomy),
    schoolYear: row.school_year,
    cycleStartDate: iso(row.cycle_start_date),
    cycleEndDate: iso(row.cycle_end_date),
    status: collectionStatus(new Date(row.cycle_start_date), new Date(row.cycle_end_date), now),
    students,
    items,
    scored,
    completion: completionPercent(scored, students * items),
  };
}

/** Completion over several collections: all scored over all expected. */
export function overallCompletion(rows: CollectionProgress[]): number {
  const expected = rows.reduce((sum, r) => sum + r.students * r.items, 0);
  const scored = rows.reduce((sum, r) => sum + r.scored, 0);
  return completionPercent(scored, expected);
}
