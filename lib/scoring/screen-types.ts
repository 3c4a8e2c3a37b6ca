/* The scoring screen's data as the server page hands it to the grid, and the cell states it tracks. */

export interface ScaleEntry {
  id: number;
  code: string;
  label: string;
}

export interface GridItem {
  id: number;
  code: string;
  label: string;
  scaleId: number | null;
  /** Top-level domain (for the item colour and the domain selector). */
  domainId: number | null;
  /** Every hierarchy item the item sits under, its own first. */
  hierarchyIds: number[];
}

export interface GridStudent {
  enrollmentId: number;
  /** The child (students.id): the grade history calls name the child, not the enrollment. */
  studentId: number;
  name: string;
  progress: number;
}

export interface GridSet {
  id: number;
  label: string;
  itemIds: number[];
}

export interface GridDomain {
  id: number;
  code: string;
  label: string;
  depth: number;
}

export interface GridGroup {
  id: number;
  label: string;
  enrollmentIds: number[];
}

export interface GridGrade {
  id: number;
  enrollmentId: number;
  itemId: number;
  entryId: number;
  comment: string | null;
  artifactCount: number;
}

export interface ScoringData {
  collectionId: number;
  /** Scores can be written (the window is open). */
  writable: boolean;
  students: GridStudent[];
  items: GridItem[];
  scales: Record<number, ScaleEntry[]>;
  sets: GridSet[];
  domains: GridDomain[];
  /** The teacher's own groups of students in the collection. */
  groups: GridGroup[];
  grades: GridGrade[];
  /**
   * Shown on request: each child's result in the previous checkpoint of the same assessment, by
   * enrollment (a child without one is absent); null when not asked for.
   */
  previous: Record<number, PreviousResult> | null;
}

export interface PreviousResult {
  collectionName: string;
  schoolYear: string;
  overallScore: number | null;
  performanceLevel: string | null;
  levelLabel: string | null;
}

/** A change waiting to reach the server, kept in IndexedDB until it is acknowledged. */
interface OpBase {
  requestKey: string;
  /** When it was queued (ms), with a counter for ops of the same millisecond: the sending order. */
  queuedAt: number;
  enrollmentId: number;
  itemId: number;
}

export type PendingOp = (OpBase & { kind: "set"; entryId: number }) | (OpBase & { kind: "clear" }) | (OpBase & { kind: "comment"; comment: string });

export type CellStatus = "saving" | "pending" | "saved" | "failed";

export interface CellState {
  gradeId: number | null;
  entryId: number | null;
  comment: string | null;
  artifactCount: number;
  status?: CellStatus;
  /** The server's message when a save failed. */
  message?: string;
  /** The change to send again on retry. */
  failedOp?: PendingOp;
}

export const cellKey = (enrollmentId: number, itemId: number) => `${enrollmentId}:${itemId}`;
