import type { DisplayResult, DisplayType, UnitKind } from "@/lib/displays/model";

/** Hrefs the server page builds for the view switch, the domains and (admins) the drill-down. */
export interface Links {
  views: { type: DisplayType; label: string; href: string }[];
  domains: { code: string; label: string; href: string }[];
  /** The page with collection and view but no drill-down position; null where nobody drills (a teacher). */
  drillBase: string | null;
}

const PARAM: Partial<Record<UnitKind, string>> = { region: "regionId", district: "districtId", location: "locationId", class: "teacherId" };

/** The href of a unit: the ids of the path down to it, each under its parameter. */
export function drillHref(base: string, path: DisplayResult["path"], target: { kind: UnitKind; id: number | null }): string {
  const url = new URL(base, "http://x");
  // A state or region lists no children: from the students view, go up to its PLD report.
  if ((target.kind === "state" || target.kind === "region") && url.searchParams.get("view") === "students") url.searchParams.set("view", "pld");
  for (const step of [...path.filter((p) => p.kind !== target.kind && PARAM[p.kind] && p.id !== null), target]) {
    const name = PARAM[step.kind];
    if (name && step.id !== null) url.searchParams.set(name, String(step.id));
    if (step.kind === target.kind) break;
  }
  return `${url.pathname}${url.search}`;
}

export function ViewTabs({ links, type }: { links: Links; type: DisplayType }) {
  return (
    <nav aria-label="Report view">
      <ul className="flex flex-wrap gap-2 border-b border-slate-200 pb-3">
        {links.views.map((v) => (
          <li key={v.type}>
            <a
              href={v.href}
              aria-current={v.type === type ? "page" : undefined}
              className={
                v.type === type
                  ? "inline-flex rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white"
                  : "inline-flex rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
              }
            >
              {v.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** State > region > district > school > class, each a link but the current one. */
export function DrillPath({ links, path }: { links: Links; path: DisplayResult["path"] }) {
  if (!links.drillBase || path.length < 2) return null;
  const base = links.drillBase;
  return (
    <nav aria-label="Organisation level">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
        {path.map((step, i) => (
          <li key={`${step.kind}-${step.id}`} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === path.length - 1 ? (
              <span aria-current="page" className="font-semibold text-slate-900">
                {step.name}
              </span>
            ) : (
              <a className="text-brand-700 underline" href={drillHref(base, path.slice(0, i + 1), step)}>
                {step.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
