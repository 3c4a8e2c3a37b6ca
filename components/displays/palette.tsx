/**
 * Level colours (at least 4.5:1 against white) and a pattern per level, so a level is told by its
 * pattern and its label as well as its colour. SVG presentation attributes only: the page CSP
 * forbids style attributes.
 */
const COLORS = ["#b45309", "#1d4ed8", "#15803d", "#7e22ce", "#be123c", "#0f766e"];

function levelColor(index: number): string {
  return COLORS[index % COLORS.length];
}

/** Pattern ids are per chart (several charts share a page). */
const patternId = (chart: string, index: number) => `${chart}-level-${index}`;
export const patternFill = (chart: string, index: number) => `url(#${patternId(chart, index)})`;

/** Diagonal stripes, dots, solid, cross-hatch ... by the level's place. */
function PatternDef({ id, index }: { id: string; index: number }) {
  const kind = index % 4;
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill={levelColor(index)} />
      {kind === 0 && <path d="M-2 2l4-4M0 8l8-8M6 10l4-4" stroke="#ffffff" strokeWidth="1.5" strokeOpacity="0.6" />}
      {kind === 1 && <circle cx="4" cy="4" r="1.6" fill="#ffffff" fillOpacity="0.65" />}
      {kind === 3 && <path d="M0 4h8M4 0v8" stroke="#ffffff" strokeWidth="1.2" strokeOpacity="0.6" />}
    </pattern>
  );
}

export function LevelPatterns({ chart, count }: { chart: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, i) => (
        <PatternDef key={i} id={patternId(chart, i)} index={i} />
      ))}
    </defs>
  );
}

/** A legend swatch drawn with the level's pattern. */
export function LevelSwatch({ chart, index }: { chart: string; index: number }) {
  const id = `${chart}-swatch-${index}`;
  return (
    <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true">
      <defs>
        <PatternDef id={id} index={index} />
      </defs>
      <rect width="16" height="16" rx="3" fill={`url(#${id})`} />
    </svg>
  );
}
