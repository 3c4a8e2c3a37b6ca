import {
  percent,
  matchesLayer,
  periodOf,
  type CheckpointPeriod,
  type DisplayResult,
  type Level,
  type StudentLayer,
  type StudentRow,
} from "@/lib/displays/model";
import type { Overlay } from "./charts";
import type { ViewSettings } from "./filters-panel";
import { drillHref, type Links } from "./navigation";

const th = "px-3 py-2 text-left font-semibold text-slate-900";
const td = "px-3 py-2 text-slate-800 tabular-nums";
const table = "mt-4 w-full min-w-max border-collapse text-sm";
const wrap = "overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600";

/** A table that may scroll sideways (phones): focusable, so a keyboard can scroll it. */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={wrap} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** The chart's figures as a table: children and share per level, and each layer's share. */
export function DistributionTable({
  caption,
  levels,
  counts,
  assessed,
  overlays,
}: {
  caption: string;
  levels: Level[];
  counts: Record<string, number>;
  assessed: number;
  overlays: Overlay[];
}) {
  return (
    <Scroll label={caption}>
      <table className={table}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className={th}>
              Level
            </th>
            <th scope="col" className={th}>
              Children
            </th>
            <th scope="col" className={th}>
              Share
            </th>
            {overlays.map((o) => (
              <th key={o.number} scope="col" className={th}>
                {o.number}. {o.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {levels.map((l) => (
            <tr key={l.code}>
              <th scope="row" className={th}>
                {l.label}
              </th>
              <td className={td}>{counts[l.code] ?? 0}</td>
              <td className={td}>{percent(counts[l.code] ?? 0, assessed)}%</td>
              {overlays.map((o) => (
                <td key={o.number} className={td}>
                  {o.levels[l.code] ?? 0} ({percent(o.levels[l.code] ?? 0, o.count)}%)
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/** The child units with their figures; each name leads one level down. */
export function UnitsTable({ links, result, domain }: { links: Links; result: DisplayResult; domain?: string }) {
  return (
    <Scroll label={`Figures by ${result.children[0]?.kind ?? "unit"}`}>
      <table className={table}>
        <caption className="sr-only">Figures by {result.children[0]?.kind ?? "unit"} (table)</caption>
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className={th}>
              Name
            </th>
            <th scope="col" className={th}>
              Students
            </th>
            <th scope="col" className={th}>
              Assessed
            </th>
            {result.levels.map((l) => (
              <th key={l.code} scope="col" className={th}>
                {l.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {result.children.map((c) => {
            const d = domain ? c.stats.domains[domain] : undefined;
            const counts = d ? d.levels : c.stats.levels;
            const assessed = d ? d.assessed : c.stats.assessed;
            return (
              <tr key={`${c.kind}-${c.id}`}>
                <th scope="row" className={th}>
                  {links.drillBase ? (
                    <a className="text-brand-700 underline" href={drillHref(links.drillBase, result.path, c)}>
                      {c.name}
                    </a>
                  ) : (
                    c.name
                  )}
                </th>
                <td className={td}>{c.stats.students}</td>
                <td className={td}>{assessed}</td>
                {result.levels.map((l) => (
                  <td key={l.code} className={td}>
                    {counts[l.code] ?? 0} ({percent(counts[l.code] ?? 0, assessed)}%)
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </Scroll>
  );
}

function periodLabel(periods: CheckpointPeriod[], at: number) {
  const period = periodOf(periods, at);
  if (!period) return "–";
  return (
    <span className="inline-flex items-center gap-1.5">
      <svg viewBox="0 0 12 12" className="size-3" aria-hidden="true">
        <rect width="12" height="12" rx="2" fill={period.color} />
      </svg>
      {period.label}
    </span>
  );
}

/** Spec §3 student progress rows, with the layers each child falls in. */
export function StudentsTable({
  rows,
  result,
  layers,
  settings,
  periods,
}: {
  rows: StudentRow[];
  result: DisplayResult;
  layers: StudentLayer[];
  settings: ViewSettings;
  periods: CheckpointPeriod[];
}) {
  const levelLabel = (code: string | null) => result.levels.find((l) => l.code === code)?.label ?? "–";
  const domains = result.domains.map((d) => d.code).filter((c) => ["LL", "MA", "SF", "PD"].includes(c)) as ("LL" | "MA" | "SF" | "PD")[];
  const shown = layers.filter((l) => l.enabled);
  return (
    <section aria-labelledby="students-heading" className="rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
      <h2 id="students-heading" className="text-base font-semibold text-slate-900">
        Student progress ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No child here has every item scored yet.</p>
      ) : (
        <Scroll label="Student progress rows">
          <table className={table}>
            <caption className="sr-only">Student progress</caption>
            <thead className="border-b border-slate-300">
              <tr>
                <th scope="col" className={th}>
                  Student
                </th>
                {settings.levels && (
                  <th scope="col" className={th}>
                    Level
                  </th>
                )}
                {settings.scores && (
                  <th scope="col" className={th}>
                    Overall
                  </th>
                )}
                {settings.scores &&
                  domains.map((d) => (
                    <th key={d} scope="col" className={th}>
                      {d}
                    </th>
                  ))}
                <th scope="col" className={th}>
                  Progress
                </th>
                {periods.length > 0 && (
                  <th scope="col" className={th}>
                    Checkpoint
                  </th>
                )}
                {shown.length > 0 && (
                  <th scope="col" className={th}>
                    Layers
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className={th}>
                    {r.last_name}, {r.first_name}
                  </th>
                  {settings.levels && <td className={td}>{levelLabel(r.performance_level)}</td>}
                  {settings.scores && <td className={td}>{r.overall_score}</td>}
                  {settings.scores &&
                    domains.map((d) => (
                      <td key={d} className={td}>
                        {r[`${d}_score`] ?? "–"}
                      </td>
                    ))}
                  <td className={td}>{r.progress}%</td>
                  {periods.length > 0 && <td className={td}>{periodLabel(periods, r.scored_at)}</td>}
                  {shown.length > 0 && (
                    <td className={td}>
                      {layers
                        .map((l, i) => (l.enabled && matchesLayer(l, r) ? String(i + 1) : null))
                        .filter(Boolean)
                        .join(", ") || "–"}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </section>
  );
}
