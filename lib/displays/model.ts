/**
 * The shape of a data display and the pure rules the browser applies to it (student filter layers,
 * default view settings). No server imports and no zod: client components import this file.
 */

export const DISPLAY_TYPES = ["pld", "domains", "single-domain", "students"] as const;
export type DisplayType = (typeof DISPLAY_TYPES)[number];
export const DISPLAY_ROLES = ["teacher", "admin"] as const;
export type DisplayRole = (typeof DISPLAY_ROLES)[number];

/** Spec §9: the PLD report is the default view; the single-domain view starts on LL. */
export const DEFAULT_DISPLAY_TYPE: DisplayType = "pld";
export const DEFAULT_DOMAIN = "LL";

export type UnitKind = "state" | "region" | "district" | "location" | "class";

export interface Level {
  code: string;
  label: string;
  min: number;
  max: number;
}

export interface DomainStats {
  /** Children with a score in this domain. */
  assessed: number;
  mean: number | null;
  /** Children per performance band of their domain score (the assessment's bands). */
  levels: Record<string, number>;
}

export interface Stats {
  /** Active children assigned to the collection in this unit. */
  students: number;
  /** Children with an overall score (and so a performance level). */
  assessed: number;
  levels: Record<string, number>;
  domains: Record<string, DomainStats>;
}

export interface Unit {
  kind: UnitKind;
  id: number;
  name: string;
  stats: Stats;
}

/** Spec §3 'Student progress row', plus the child's level and progress (100 once complete). */
export interface StudentRow {
  id: number;
  first_name: string;
  last_name: string;
  gender: string;
  iep: boolean;
  ell: boolean;
  ses: boolean;
  race: number;
  school_id: number;
  district_id: number;
  region_id: number;
  cares: string | null;
  overall_score: number;
  LL_score: number | null;
  MA_score: number | null;
  SF_score: number | null;
  PD_score: number | null;
  performance_level: string | null;
  progress: number;
  /** When the child's results last changed (unix seconds): places them in a checkpoint period. */
  scored_at: number;
}

export interface DisplayResult {
  role: DisplayRole;
  type: DisplayType;
  dataCollectionId: number;
  collectionName: string;
  pldVersion: number;
  domainVersion: number;
  /** The single-domain view's domain. */
  domain: string;
  levels: Level[];
  domains: { code: string; label: string }[];
  scope: { kind: UnitKind; id: number | null; name: string };
  /** From the top of the person's reach down to the scope (for a breadcrumb). */
  path: { kind: UnitKind; id: number | null; name: string }[];
  total: Stats;
  /** The next level down (regions of a state ... classes of a school); empty for a class. */
  children: Unit[];
  /** Progress rows, for a district or smaller (null above: drill down to list children). */
  students: StudentRow[] | null;
  generatedAt: number;
}

/** Spec §3: default view settings. */
export const DEFAULT_VIEW_SETTINGS = {
  levels: true,
  stages: true,
  parentSignature: false,
  comments: false,
  scores: false,
  visibleItems: "all",
} as const;

export type TriState = "all" | "true" | "false";

/** Spec §3 'client-side student filter layer'. */
export interface StudentLayer {
  id: string;
  label: string;
  /** rgba(...) */
  color: string;
  enabled: boolean;
  iep: TriState;
  ell: TriState;
  ses: TriState;
  cares: string[];
  /** Race code bits; a child matches when any selected bit is set. */
  races: number[];
  genders: string[];
  regions: number[];
  districts: number[];
  locations: number[];
  states: number[];
  /** Explicit children (ids); empty means no restriction. */
  students: number[];
}

/** A new layer is 'Filter N' with a random colour (spec §3). */
export function newLayer(existing: readonly StudentLayer[], random: () => number = Math.random): StudentLayer {
  const channel = () => Math.floor(random() * 200);
  const n = existing.length + 1;
  return {
    id: `layer-${Date.now().toString(36)}-${n}`,
    label: `Filter ${n}`,
    color: `rgba(${channel()}, ${channel()}, ${channel()}, 1)`,
    enabled: true,
    iep: "all",
    ell: "all",
    ses: "all",
    cares: [],
    races: [],
    genders: [],
    regions: [],
    districts: [],
    locations: [],
    states: [],
    students: [],
  };
}

/** Spec §5: booleans match true or 'Yes' (false or 'No'). */
function flag(value: unknown): boolean {
  return value === true || (typeof value === "string" && value.toLowerCase() === "yes");
}

function triMatches(setting: TriState, value: unknown): boolean {
  return setting === "all" || (setting === "true") === flag(value);
}

/** Spec §5: gender compares without case; race matches any selected bit. */
export function matchesLayer(layer: StudentLayer, row: StudentRow): boolean {
  if (!triMatches(layer.iep, row.iep) || !triMatches(layer.ell, row.ell) || !triMatches(layer.ses, row.ses)) return false;
  if (layer.cares.length && !layer.cares.includes(row.cares ?? "")) return false;
  if (layer.races.length && !layer.races.some((bit) => (row.race & bit) !== 0)) return false;
  if (layer.genders.length && !layer.genders.some((g) => g.toLowerCase() === row.gender.toLowerCase())) return false;
  if (layer.regions.length && !layer.regions.includes(row.region_id)) return false;
  if (layer.districts.length && !layer.districts.includes(row.district_id)) return false;
  if (layer.locations.length && !layer.locations.includes(row.school_id)) return false;
  if (layer.students.length && !layer.students.includes(row.id)) return false;
  return true;
}

/** A layer's children per performance level (overall, or one domain's bands). */
export function layerLevels(
  rows: readonly StudentRow[],
  layer: StudentLayer,
  levels: readonly Level[],
  domain?: string,
): { count: number; levels: Record<string, number> } {
  const counts: Record<string, number> = Object.fromEntries(levels.map((l) => [l.code, 0]));
  let count = 0;
  for (const row of rows) {
    if (!matchesLayer(layer, row)) continue;
    const score = domain ? domainScore(row, domain) : row.overall_score;
    const level = score === null ? undefined : bandOf(levels, score);
    if (!level) continue;
    count++;
    counts[level.code] += 1;
  }
  return { count, levels: counts };
}

export function domainScore(row: StudentRow, domain: string): number | null {
  const value = (row as unknown as Record<string, unknown>)[`${domain}_score`];
  return typeof value === "number" ? value : null;
}

export function bandOf(levels: readonly Level[], score: number): Level | undefined {
  return levels.find((l) => score >= l.min && score <= l.max);
}

/** Spec §3 'Checkpoint period': a window of the collection drawn in its colour. */
export interface CheckpointPeriod {
  id: string;
  label: string;
  color: string;
  /** Unix seconds, inclusive. */
  fromDate: number;
  toDate: number;
}

export function periodOf(periods: readonly CheckpointPeriod[], at: number): CheckpointPeriod | undefined {
  return periods.find((p) => at >= p.fromDate && at <= p.toDate);
}

export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0;
}
