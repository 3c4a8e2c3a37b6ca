import { buttonClasses } from "@/components/ui/button";
import type { YearsComparison } from "@/lib/displays/schemas";

/* Performance-level distributions of one assessment across school years (issue 24): a picker, grouped bars and their table. */

const INK = "#334155";
/** The older year striped (a pattern per drawing: ids are unique on the page), the newer solid. */
const yearFill = (drawing: string, index: number) => (index % 2 ? "#1d4ed8" : `url(#${drawing}-older)`);
const cell = "px-3 py-2";

type Year = YearsComparison["years"][number];

/** The levels of both years, in the order of the newer one (a state may have changed its bands). */
function levelRows(years: Year[]) {
  const rows = new Map<string, string>();
  for (const y of [...years].reverse()) for (const l of y.levels) if (!rows.has(l.code)) rows.set(l.code, l.label);
  return [...rows.entries()].map(([code, label]) => ({ code, label }));
}

function Swatch({ index }: { index: number }) {
  return (
    <svg viewBox="0 0 16 16" className="size-4 shrink-0" aria-hidden="true">
      <YearPattern drawing={`years-swatch-${index}`} />
      <rect width="16" height="16" rx="3" fill={yearFill(`years-swatch-${index}`, index)} />
    </svg>
  );
}

/** The older year drawn in striped slate, the newer in solid blue: told apart by pattern as well as colour. */
function YearPattern({ drawing }: { drawing: string }) {
  return (
    <defs>
      <pattern id={`${drawing}-older`} width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" fill="#475569" />
        <path d="M-2 2l4-4M0 8l8-8M6 10l4-4" stroke="#ffffff" strokeWidth="1.5" strokeOpacity="0.6" />
      </pattern>
    </defs>
  );
}

function YearsChart({ years, levels, title }: { years: Year[]; levels: { code: string; label: string }[]; title: string }) {
  const width = 640;
  const height = 260;
  const [left, top, bottom] = [44, 24, 44];
  const plot = height - top - bottom;
  const group = (width - left - 8) / Math.max(1, levels.length);
  const bar = Math.min(70, (group * 0.7) / years.length);
  const y = (p: number) => top + plot - (plot * p) / 100;
  const share = (year: Year, code: string) => year.levels.find((l) => l.code === code);
  const summary = years.map((year) => `${year.schoolYear}: ${levels.map((l) => `${l.label} ${share(year, l.code)?.percent ?? 0}%`).join(", ")}`).join("; ");
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={`${title}: ${summary}`}>
      <YearPattern drawing="years-chart" />
      {[0, 25, 50, 75, 100].map((tick) => (
        <g key={tick}>
          <line x1={left} x2={width - 8} y1={y(tick)} y2={y(tick)} stroke="#cbd5e1" strokeWidth="1" />
          <text x={left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill={INK}>
            {tick}%
          </text>
        </g>
      ))}
      {levels.map((level, i) => {
        const start = left + group * i + (group - bar * years.length - 4 * (years.length - 1)) / 2;
        return (
          <g key={level.code}>
            {years.map((year, j) => {
              const p = share(year, level.code)?.percent ?? 0;
              const x = start + j * (bar + 4);
              return (
                <g key={year.dataCollectionId}>
                  <rect
                    x={x}
                    y={y(p)}
                    width={bar}
                    height={Math.max(0, top + plot - y(p))}
                    fill={yearFill("years-chart", j)}
                    stroke="#0f172a"
                    strokeWidth="0.5"
                  />
                  <text x={x + bar / 2} y={y(p) - 5} textAnchor="middle" fontSize="11" fontWeight="600" fill={INK}>
                    {p}%
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

/**
 * The "Compare school years" section of the admin displays: a GET form choosing a collection of the
 * same assessment in another school year (keeping the page's collection, view and drill-down), and
 * once chosen, both years' level distributions as grouped bars with the table beside them.
 */
export function YearComparison({ data, path, keep, compareWith }: { data: YearsComparison; path: string; keep: Record<string, string>; compareWith?: number }) {
  const compared = data.years.length > 1;
  const title = `Performance levels of ${data.assessment.name} by school year, ${data.scope.name}`;
  const levels = levelRows(data.years);
  return (
    <section aria-labelledby="compare-years" className="mb-8 flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="compare-years" className="text-lg font-semibold text-slate-900">
        Compare school years
      </h2>
      {data.comparable.length === 0 ? (
        <p className="text-sm text-slate-600">No other school year of {data.assessment.name} within your reach to compare with.</p>
      ) : (
        <form method="get" action={path} className="flex flex-wrap items-end gap-3">
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label className="flex flex-col text-sm font-medium text-slate-800">
            Compare with
            <select
              name="compare"
              defaultValue={compareWith ? String(compareWith) : ""}
              className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900"
            >
              <option value="">No comparison</option>
              {data.comparable.map((c) => (
                <option key={c.dataCollectionId} value={c.dataCollectionId}>
                  {c.schoolYear}: {c.collectionName} ({c.window})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClasses("secondary")}>
            Compare
          </button>
        </form>
      )}
      {compared && (
        <div className="flex flex-col gap-4 desktop:flex-row desktop:items-start">
          <figure className="w-full desktop:max-w-xl">
            <YearsChart years={data.years} levels={levels} title={title} />
            <figcaption className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700">
              {data.years.map((y, j) => (
                <span key={y.dataCollectionId} className="flex items-center gap-2">
                  <Swatch index={j} />
                  {y.schoolYear} ({y.window}): {y.assessed} of {y.students} children with a level
                </span>
              ))}
            </figcaption>
          </figure>
          <div
            className="relative min-w-0 flex-1 overflow-x-auto rounded-lg border border-slate-200"
            tabIndex={0}
            role="region"
            aria-label="Performance levels by school year"
          >
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">{title}: children and share of the assessed children per level</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className={`${cell} font-semibold`}>
                    Performance level
                  </th>
                  {data.years.map((y) => (
                    <th key={y.dataCollectionId} scope="col" className={`${cell} font-semibold`}>
                      {y.schoolYear}
                      <span className="block text-xs font-normal text-slate-600">{y.collectionName}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {levels.map((l) => (
                  <tr key={l.code} className="border-t border-slate-200">
                    <th scope="row" className={`${cell} font-medium`}>
                      {l.label}
                    </th>
                    {data.years.map((y) => {
                      const found = y.levels.find((x) => x.code === l.code);
                      return (
                        <td key={y.dataCollectionId} className={`${cell} tabular-nums`}>
                          {found ? `${found.count} (${found.percent}%)` : "—"}
                        </td>
                      );
                    })}
                  </tr>
                ))}
                <tr className="border-t border-slate-300">
                  <th scope="row" className={`${cell} font-medium`}>
                    Assessed of children
                  </th>
                  {data.years.map((y) => (
                    <td key={y.dataCollectionId} className={`${cell} tabular-nums`}>
                      {y.assessed} of {y.students}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
