import type { Level } from "@/lib/displays/model";
import { percent } from "@/lib/displays/model";
import { LevelPatterns, LevelSwatch, patternFill } from "./palette";

/** One filter layer drawn over a chart: its number marks its bars, so colour is not the only cue. */
export interface Overlay {
  number: number;
  label: string;
  color: string;
  count: number;
  levels: Record<string, number>;
}

const INK = "#334155";
const GRID = "#cbd5e1";

export function Legend({ chart, levels, overlays = [] }: { chart: string; levels: Level[]; overlays?: Overlay[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
      {levels.map((level, i) => (
        <li key={level.code} className="flex items-center gap-2">
          <LevelSwatch chart={chart} index={i} />
          {level.label} ({level.min}–{level.max})
        </li>
      ))}
      {overlays.map((o) => (
        <li key={o.number} className="flex items-center gap-2">
          <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true">
            <rect x="1" y="1" width="14" height="14" rx="2" fill={o.color} fillOpacity="0.3" stroke={o.color} strokeWidth="2" strokeDasharray="3 2" />
          </svg>
          <span>
            <span className="font-semibold">{o.number}</span> = {o.label} ({o.count} {o.count === 1 ? "child" : "children"})
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Share of the assessed children per level, as vertical bars, with each filter layer's share beside
 * them (dashed, numbered). The figures are in the table that goes with it.
 */
export function DistributionChart({
  chart,
  title,
  levels,
  counts,
  assessed,
  overlays = [],
}: {
  chart: string;
  title: string;
  levels: Level[];
  counts: Record<string, number>;
  assessed: number;
  overlays?: Overlay[];
}) {
  const width = 640;
  const height = 280;
  const left = 44;
  const top = 24;
  const bottom = 48;
  const plot = height - top - bottom;
  const group = (width - left - 8) / Math.max(1, levels.length);
  const overlayWidth = 16;
  const barWidth = Math.min(90, group * 0.45);
  const y = (p: number) => top + plot - (plot * p) / 100;
  const summary = levels.map((l) => `${l.label} ${percent(counts[l.code] ?? 0, assessed)}%`).join(", ");
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={`${title}: ${summary}`}>
      <LevelPatterns chart={chart} count={levels.length} />
      {[0, 25, 50, 75, 100].map((tick) => (
        <g key={tick}>
          <line x1={left} x2={width - 8} y1={y(tick)} y2={y(tick)} stroke={GRID} strokeWidth="1" />
          <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill={INK}>
            {tick}%
          </text>
        </g>
      ))}
      {levels.map((level, i) => {
        const n = counts[level.code] ?? 0;
        const p = percent(n, assessed);
        const x = left + group * i + (group - barWidth - overlays.length * (overlayWidth + 4)) / 2;
        return (
          <g key={level.code}>
            <rect x={x} y={y(p)} width={barWidth} height={Math.max(0, top + plot - y(p))} fill={patternFill(chart, i)} stroke="#0f172a" strokeWidth="0.5" />
            <text x={x + barWidth / 2} y={y(p) - 6} textAnchor="middle" fontSize="12" fontWeight="600" fill={INK}>
              {n} ({p}%)
            </text>
            {overlays.map((o, j) => {
              const op = percent(o.levels[level.code] ?? 0, o.count);
              const ox = x + barWidth + 4 + j * (overlayWidth + 4);
              return (
                <g key={o.number}>
                  <rect
                    x={ox}
                    y={y(op)}
                    width={overlayWidth}
                    height={Math.max(0, top + plot - y(op))}
                    fill={o.color}
                    fillOpacity="0.3"
                    stroke={o.color}
                    strokeWidth="2"
                    strokeDasharray="4 2"
                  />
                  <text x={ox + overlayWidth / 2} y={y(op) - 4} textAnchor="middle" fontSize="11" fontWeight="700" fill={INK}>
                    {o.number}
                  </text>
                </g>
              );
            })}
            <text x={left + group * i + group / 2} y={height - bottom + 18} textAnchor="middle" fontSize="12" fill={INK}>
              {level.label}
            </text>
          </g>
        );
      })}
      <line x1={left} x2={width - 8} y1={top + plot} y2={top + plot} stroke={INK} strokeWidth="1" />
    </svg>
  );
}

/** Each child unit as one bar split by level (100% of its assessed children), its name at the left. */
export function UnitsChart({
  chart,
  title,
  levels,
  units,
}: {
  chart: string;
  title: string;
  levels: Level[];
  units: { name: string; assessed: number; students: number; levels: Record<string, number> }[];
}) {
  const row = 30;
  const labelWidth = 190;
  const width = 640;
  const barArea = width - labelWidth - 110;
  const height = units.length * row + 8;
  const short = (name: string) => (name.length > 26 ? `${name.slice(0, 25)}…` : name);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full"
      role="img"
      aria-label={`${title}: ${units.length} shown; the figures are in the table below`}
    >
      <LevelPatterns chart={chart} count={levels.length} />
      {units.map((unit, r) => {
        let x = labelWidth;
        const yTop = 4 + r * row;
        return (
          <g key={`${unit.name}-${r}`}>
            <text x={labelWidth - 8} y={yTop + 17} textAnchor="end" fontSize="12" fill={INK}>
              {short(unit.name)}
            </text>
            <rect x={labelWidth} y={yTop + 3} width={barArea} height={row - 10} fill="#f1f5f9" stroke={GRID} strokeWidth="1" />
            {levels.map((level, i) => {
              const w = unit.assessed ? (barArea * (unit.levels[level.code] ?? 0)) / unit.assessed : 0;
              const rect = <rect key={level.code} x={x} y={yTop + 3} width={w} height={row - 10} fill={patternFill(chart, i)} />;
              x += w;
              return rect;
            })}
            <text x={labelWidth + barArea + 8} y={yTop + 17} fontSize="12" fill={INK}>
              {unit.assessed} of {unit.students}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
