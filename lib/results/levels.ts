/* Performance levels and windows as an assessment's configuration states them (pure: pages use them too). */

export interface PerformanceLevel {
  code: string;
  label: string;
  min: number;
  max: number;
}

/**
 * The levels of an effective configuration (the assessment's, overridden key by key by the
 * collection's own scoring, as refresh_student_results reads it), lowest first. Entries without a
 * code or numeric bounds are left out, as the displays leave them out.
 */
export function levelsOf(config: unknown): PerformanceLevel[] {
  const raw = (config as { performanceLevels?: unknown } | null)?.performanceLevels;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((l): l is { code: string; label?: unknown; min: unknown; max: unknown } => typeof l?.code === "string")
    .filter((l) => Number.isFinite(Number(l.min)) && Number.isFinite(Number(l.max)))
    .map((l) => ({ code: l.code, label: typeof l.label === "string" ? l.label : l.code, min: Number(l.min), max: Number(l.max) }))
    .sort((a, b) => a.min - b.min);
}

/** The scale an overall score is drawn on: `scaleScore {min, max}`, else the levels' bounds; null when neither is set. */
export function scaleOf(config: unknown, levels: PerformanceLevel[]): { min: number; max: number } | null {
  const scale = (config as { scaleScore?: { min?: unknown; max?: unknown } } | null)?.scaleScore;
  if (scale && Number.isFinite(Number(scale.min)) && Number.isFinite(Number(scale.max)) && Number(scale.max) > Number(scale.min)) {
    return { min: Number(scale.min), max: Number(scale.max) };
  }
  if (levels.length) return { min: levels[0].min, max: levels.at(-1)!.max };
  return null;
}

const SEASONS: [string, number[]][] = [
  ["Fall", [7, 8, 9, 10]],
  ["Winter", [11, 0, 1]],
  ["Spring", [2, 3, 4, 5]],
  ["Summer", [6]],
];

/**
 * The window a collection stands for: a KRA (taxonomy SUMMATIVE) is given once, at kindergarten entry;
 * an ELA collection is the checkpoint its name carries (one of the configuration's `checkpoints`, such
 * as Fall, Winter, Spring), else the season its cycle starts in.
 */
export function windowOf(taxonomy: string, collectionName: string, config: unknown, cycleStart: Date): string {
  if (taxonomy.toUpperCase() === "SUMMATIVE") return "Kindergarten entry";
  const named = (config as { checkpoints?: unknown } | null)?.checkpoints;
  const words = Array.isArray(named) ? named.filter((w): w is string => typeof w === "string" && w.length > 0) : SEASONS.map(([s]) => s);
  const lower = collectionName.toLowerCase();
  const found = words.find((w) => new RegExp(`\\b${w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(lower));
  if (found) return found;
  const month = cycleStart.getUTCMonth();
  return SEASONS.find(([, months]) => months.includes(month))![0];
}
