import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/states";
import type { ChildAssessment, ChildResult, ChildResults } from "@/lib/results/schemas";

/* A child's results across collections and school years (issue 24): per assessment a small chart with its table beside it. */

const INK = "#334155";
const LINE = "#1d4ed8";
const cell = "px-3 py-2";

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");
const when = (r: ChildResult) => `${r.schoolYear.label}, ${r.window}`;

/** The level change in words: "Up from Emerging Readiness", "Same level", or nothing to compare. */
function changeText(r: ChildResult): string {
  if (!r.change) return "First result";
  const parts: string[] = [];
  if (r.change.overallScore !== null) parts.push(`${signed(r.change.overallScore)} points`);
  if (r.change.direction === "same") parts.push("same level");
  else if (r.change.direction) parts.push(`${r.change.direction} from ${r.change.fromLevelLabel}`);
  return parts.length ? parts.join(", ") : "Not comparable yet";
}

/** The overall score per result on the assessment's scale, its levels as bands: a picture of the table beside it. */
function ScoreChart({ assessment, results }: { assessment: ChildAssessment; results: ChildResult[] }) {
  const scored = results.filter((r) => r.overallScore !== null);
  const width = 360;
  const height = 220;
  const [left, right, top, bottom] = [40, 12, 24, 46];
  const highest = Math.max(...scored.map((r) => r.overallScore!), 0);
  const scale = assessment.scale ?? { min: 0, max: Math.max(100, highest) };
  const y = (v: number) => top + (height - top - bottom) * (1 - (Math.min(Math.max(v, scale.min), scale.max) - scale.min) / (scale.max - scale.min || 1));
  const step = (width - left - right) / Math.max(1, results.length);
  const x = (i: number) => left + step * i + step / 2;
  const points = results.map((r, i) => (r.overallScore === null ? null : { x: x(i), y: y(r.overallScore), r })).filter((p) => p !== null);
  const summary = scored.length
    ? scored.map((r) => `${when(r)}: ${r.overallScore}${r.levelLabel ? ` (${r.levelLabel})` : ""}`).join("; ")
    : "no overall score yet";
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={`Overall scale score of ${assessment.name} over time: ${summary}`}>
      {assessment.levels.map((level, i) => (
        <g key={level.code}>
          <rect x={left} width={width - left - right} y={y(level.max)} height={Math.max(0, y(level.min) - y(level.max))} fill={i % 2 ? "#f1f5f9" : "#e2e8f0"} />
          <text x={width - right - 4} y={y(level.max) + 11} textAnchor="end" fontSize="9" fill={INK}>
            {level.label}
          </text>
        </g>
      ))}
      {[scale.min, scale.max].map((tick) => (
        <text key={tick} x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize="10" fill={INK}>
          {tick}
        </text>
      ))}
      <line x1={left} x2={left} y1={top} y2={height - bottom} stroke={INK} strokeWidth="1" />
      <line x1={left} x2={width - right} y1={height - bottom} y2={height - bottom} stroke={INK} strokeWidth="1" />
      {points.length > 1 && <polyline points={points.map((p) => `${p.x},${p.y}`).join(" ")} fill="none" stroke={LINE} strokeWidth="2" />}
      {points.map((p) => (
        <g key={p.r.dataCollectionId}>
          <circle cx={p.x} cy={p.y} r="4.5" fill={LINE} stroke="#ffffff" strokeWidth="1.5" />
          <text x={p.x} y={p.y - 8} textAnchor="middle" fontSize="11" fontWeight="600" fill="#0f172a">
            {p.r.overallScore}
          </text>
        </g>
      ))}
      {results.map((r, i) => (
        <g key={r.dataCollectionId}>
          <text x={x(i)} y={height - bottom + 15} textAnchor="middle" fontSize="9" fill={INK}>
            {r.schoolYear.label.length > 12 ? `${r.schoolYear.label.slice(0, 11)}…` : r.schoolYear.label}
          </text>
          <text x={x(i)} y={height - bottom + 27} textAnchor="middle" fontSize="9" fill={INK}>
            {r.window === "Kindergarten entry" ? "Entry" : r.window}
          </text>
        </g>
      ))}
    </svg>
  );
}

function AssessmentResults({ assessment, results }: { assessment: ChildAssessment; results: ChildResult[] }) {
  const domains = [...new Map(results.flatMap((r) => r.domains.map((d) => [d.code, d.label] as const))).entries()];
  const headingId = `results-assessment-${assessment.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {assessment.name} <span className="font-normal text-slate-600">({assessment.isKra ? "at kindergarten entry" : "checkpoints"})</span>
      </h3>
      {/* minmax(0, …) tracks: the table scrolls in its region instead of widening the page. */}
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 desktop:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
        <figure className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-3">
          <ScoreChart assessment={assessment} results={results} />
          <figcaption className="mt-1 text-xs text-slate-600">
            Overall scale score per collection; the bands are the performance levels. The figures are in the table.
          </figcaption>
        </figure>
        <div
          className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white"
          tabIndex={0}
          role="region"
          aria-label={`${assessment.name} results`}
        >
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{assessment.name}: results per collection, oldest first, with the change since the previous one</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className={`${cell} font-semibold`}>
                  School year
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Window
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Collection
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Overall
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Performance level
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  Change
                </th>
                {domains.map(([code, label]) => (
                  <th key={code} scope="col" className={`${cell} font-semibold`}>
                    <abbr title={label} className="no-underline">
                      {code}
                    </abbr>
                    <span className="sr-only"> {label}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {results.map((r) => (
                <tr key={r.dataCollectionId} className="border-t border-slate-200 align-top">
                  <td className={cell}>{r.schoolYear.label}</td>
                  <td className={cell}>{r.window}</td>
                  <th scope="row" className={`${cell} font-medium`}>
                    {r.collectionName}
                    <span className="block text-xs font-normal text-slate-600">{r.locationName}</span>
                  </th>
                  <td className={`${cell} tabular-nums`}>
                    {r.overallScore ?? (
                      <span className="text-slate-600">
                        Not complete ({r.scoredItems} of {r.totalItems} items)
                      </span>
                    )}
                  </td>
                  <td className={cell}>{r.levelLabel ? <Badge tone="brand">{r.levelLabel}</Badge> : <span className="text-slate-600">—</span>}</td>
                  <td className={cell}>{changeText(r)}</td>
                  {domains.map(([code]) => {
                    const d = r.domains.find((x) => x.code === code);
                    return (
                      <td key={code} className={`${cell} tabular-nums`}>
                        {d?.score ?? <span className="text-slate-600">—</span>}
                        {d?.change !== null && d?.change !== undefined && <span className="ml-1 text-xs text-slate-600">({signed(d.change)})</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

/** Every assessment the child took, each with its chart and table; a plain empty state when nothing is scored yet. */
export function ChildResultsView({ data }: { data: ChildResults }) {
  if (!data.results.length) {
    return (
      <EmptyState title="No results yet">
        The child has not been assessed in any data collection. Results appear here, year after year, once a teacher scores them.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {data.assessments.map((a) => (
        <AssessmentResults key={a.id} assessment={a} results={data.results.filter((r) => r.assessmentId === a.id)} />
      ))}
    </div>
  );
}
