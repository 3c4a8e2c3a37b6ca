"use client";

import { useMemo, useState } from "react";
import { useLoad } from "@/components/api/use-load";
import { Card, Stat } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import {
  DEFAULT_VIEW_SETTINGS,
  layerLevels,
  periodOf,
  type DisplayResult,
  type DisplayRole,
  type DisplayType,
  type StudentLayer,
  matchesLayer,
} from "@/lib/displays/model";
import { fetchDisplay, fetchLayerCounts, type LayerCountWire } from "./api";
import { DistributionChart, Legend, UnitsChart, type Overlay } from "./charts";
import { FiltersPanel, type ViewSettings, type VisibleItems } from "./filters-panel";
import { LayersPanel } from "./layers-panel";
import { NO_REPORT_OPTIONS, ReportOptionsPanel, type ReportOptions } from "./report-options";
import { DrillPath, ViewTabs, type Links } from "./navigation";
import { DistributionTable, StudentsTable, UnitsTable } from "./tables";

interface Props {
  role: DisplayRole;
  collectionId: number;
  type: DisplayType;
  domain: string;
  /** The drill-down position (admin) as query parameters of the display call. */
  drill: Record<string, string>;
  links: Links;
}

type Load = { state: "loading" } | { state: "error"; message: string } | { state: "ready"; result: DisplayResult };
type Loaded = Load & { key: string };

/** A data display: fetched from its signed URL, drawn as charts with tables, with layers and saved filters. */
export function DisplayView({ role, collectionId, type, domain, drill, links }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading", key: "" });
  const [layers, setLayers] = useState<StudentLayer[]>([]);
  const [visible, setVisible] = useState<VisibleItems>("all");
  const [settings, setSettings] = useState<ViewSettings>({ ...DEFAULT_VIEW_SETTINGS });
  const [report, setReport] = useState<ReportOptions>(NO_REPORT_OPTIONS);
  const query = useMemo(() => ({ dataCollectionId: String(collectionId), domain, ...drill }), [collectionId, domain, drill]);
  const key = JSON.stringify([role, type, query]);

  // `key` stands for role, type and query.
  useLoad(key, async (live) => {
    // Spec §8: the student progress list fails with its own text; the rest with the common one.
    await fetchDisplay(role, type, query, type === "students" ? "Error fetching students data" : "Error fetching data")
      .then((result) => live() && setLoaded({ state: "ready", result, key }))
      .catch((e: Error) => live() && setLoaded({ state: "error", message: e.message, key }));
  });

  // A display of another view or place is still loading.
  const load: Load = loaded.key === key ? loaded : { state: "loading" };
  const result = load.state === "ready" ? load.result : null;
  const rows = useMemo(() => result?.students ?? [], [result]);
  // A state, region or district chart lists no children: its shown layers are counted on the server instead.
  const [serverLayers, setServerLayers] = useState<{ key: string; counts: LayerCountWire[] } | null>(null);
  const shownLayers = layers.filter((l) => l.enabled);
  const layersKey =
    result && !result.students && shownLayers.length
      ? JSON.stringify([key, shownLayers.map(({ id: _id, label: _l, color: _c, enabled: _e, states: _s, ...criteria }) => criteria)])
      : "";
  // `layersKey` stands for the display and the shown layers' criteria; a change within 300 ms asks once.
  useLoad(layersKey, async (live) => {
    if (!layersKey) return;
    const [, criteria] = JSON.parse(layersKey) as [string, unknown[]];
    await new Promise((settle) => setTimeout(settle, 300));
    if (!live()) return;
    await fetchLayerCounts({
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Number.isNaN(Number(v)) ? v : Number(v)])),
      domain: undefined,
      layers: criteria,
    })
      .then((counts) => live() && setServerLayers({ key: layersKey, counts }))
      .catch(() => live() && setServerLayers({ key: layersKey, counts: [] }));
  });
  const counted = serverLayers && serverLayers.key === layersKey ? serverLayers.counts : null;
  const overlays = (domainCode?: string): Overlay[] => {
    if (!result) return [];
    const numbered = layers.map((layer, i) => ({ layer, number: i + 1 })).filter(({ layer }) => layer.enabled);
    if (result.students)
      return numbered.map(({ layer, number }) => ({ number, label: layer.label, color: layer.color, ...layerLevels(rows, layer, result.levels, domainCode) }));
    if (!counted) return [];
    return numbered.flatMap(({ layer, number }, i) => {
      const c = counted[i];
      if (!c) return [];
      const figures = domainCode ? (c.domains[domainCode] ?? { count: 0, levels: {} }) : c;
      return [{ number, label: layer.label, color: layer.color, count: figures.count, levels: figures.levels }];
    });
  };
  const topPlaces = useMemo(() => {
    const kind = result?.children[0]?.kind;
    if (!result || result.students || (kind !== "region" && kind !== "district" && kind !== "location")) return undefined;
    const key = kind === "region" ? "regions" : kind === "district" ? "districts" : "locations";
    return { [key]: result.children.map((c) => c.id) } as Partial<Record<"regions" | "districts" | "locations", number[]>>;
  }, [result]);
  const period = report.periods.find((p) => p.id === report.period);
  // A district's chart comes without its children (the costly part); their list is the students view.
  const studentsHref = links.views.find((v) => v.type === "students")?.href;
  const matching = rows.filter((r) => layers.some((l) => l.enabled && matchesLayer(l, r))).map((r) => r.id);
  const places = useMemo(() => {
    const names = { regions: new Map<number, string>(), districts: new Map<number, string>(), locations: new Map<number, string>() };
    for (const p of result?.path ?? []) {
      if (p.kind === "region" && p.id) names.regions.set(p.id, p.name);
      if (p.kind === "district" && p.id) names.districts.set(p.id, p.name);
      if (p.kind === "location" && p.id) names.locations.set(p.id, p.name);
    }
    for (const c of result?.children ?? []) {
      if (c.kind === "location") names.locations.set(c.id, c.name);
      if (c.kind === "region") names.regions.set(c.id, c.name);
      if (c.kind === "district") names.districts.set(c.id, c.name);
    }
    return names;
  }, [result]);

  return (
    <div className="space-y-6">
      <ViewTabs links={links} type={type} />
      {load.state === "loading" && <LoadingState title="Loading the data display…" />}
      {load.state === "error" && <ErrorState title={load.message} />}
      {result && (
        <>
          <DrillPath links={links} path={result.path} />
          <dl className="grid grid-cols-1 gap-4 tablet:grid-cols-3">
            <Stat label="Students" value={result.total.students} detail={`In ${result.scope.name}`} />
            <Stat label="With a performance level" value={result.total.assessed} detail="Every item scored" />
            <Stat label="PLD version" value={result.pldVersion} detail={`Domain version ${result.domainVersion}`} />
          </dl>
          {result.levels.length === 0 ? (
            <Card title="Performance levels">
              <EmptyState title="No performance levels to chart">
                {result.collectionName} is given with an assessment that sets no performance levels (early literacy collections report scale scores, not
                levels), so there is nothing to chart by level. The counts above, and the mean scale scores of the domain view, still apply.
              </EmptyState>
            </Card>
          ) : type === "pld" || type === "students" ? (
            <Card title="Performance levels">
              <DistributionChart
                chart="pld"
                title="Performance levels"
                levels={result.levels}
                counts={result.total.levels}
                assessed={result.total.assessed}
                overlays={overlays()}
              />
              <Legend chart="pld" levels={result.levels} overlays={overlays()} />
              <DistributionTable
                caption="Performance levels (table)"
                levels={result.levels}
                counts={result.total.levels}
                assessed={result.total.assessed}
                overlays={overlays()}
              />
            </Card>
          ) : (
            <>
              {type === "single-domain" && <DomainTabs links={links} current={domain} />}
              {result.domains.map((d) => {
                const stats = result.total.domains[d.code];
                const chart = `domain-${d.code}`;
                return (
                  <Card key={d.code} title={`${d.label} (${d.code})`}>
                    <p className="mb-2 text-sm text-slate-700">
                      Mean scale score: <span className="font-semibold">{stats?.mean ?? "–"}</span> · {stats?.assessed ?? 0} children with a domain score
                    </p>
                    <DistributionChart
                      chart={chart}
                      title={`${d.label} by level`}
                      levels={result.levels}
                      counts={stats?.levels ?? {}}
                      assessed={stats?.assessed ?? 0}
                      overlays={overlays(d.code)}
                    />
                    <Legend chart={chart} levels={result.levels} overlays={overlays(d.code)} />
                    <DistributionTable
                      caption={`${d.label} by level (table)`}
                      levels={result.levels}
                      counts={stats?.levels ?? {}}
                      assessed={stats?.assessed ?? 0}
                      overlays={overlays(d.code)}
                    />
                  </Card>
                );
              })}
            </>
          )}
          {result.children.length > 0 && (
            <Card title={`By ${childNoun(result.children[0].kind)}`}>
              {result.levels.length > 0 && (
                <UnitsChart
                  chart="units"
                  title={`Performance levels by ${childNoun(result.children[0].kind)}`}
                  levels={result.levels}
                  units={result.children.map((c) => {
                    const d = type === "single-domain" ? c.stats.domains[domain] : undefined;
                    return { name: c.name, students: c.stats.students, assessed: d ? d.assessed : c.stats.assessed, levels: d ? d.levels : c.stats.levels };
                  })}
                />
              )}
              {result.levels.length > 0 && <Legend chart="units" levels={result.levels} />}
              <UnitsTable links={links} result={result} domain={type === "single-domain" ? domain : undefined} />
            </Card>
          )}
          {result.students && (
            <>
              <Card title="Filter layers">
                <LayersPanel layers={layers} onChange={setLayers} rows={rows} places={places} />
              </Card>
              <Card title="Saved filters">
                <FiltersPanel
                  collectionId={collectionId}
                  layers={layers}
                  matching={matching}
                  onLayers={setLayers}
                  onVisible={setVisible}
                  settings={settings}
                  onSettings={setSettings}
                />
              </Card>
              <Card title="Classroom report">
                <ReportOptionsPanel collectionId={collectionId} levels={result.levels} options={report} onChange={setReport} canManage={role === "admin"} />
              </Card>
              <StudentsTable
                rows={rows.filter(
                  (r) =>
                    (visible === "all" || visible.includes(r.id)) &&
                    (!report.levels.length || report.levels.includes(r.performance_level ?? "")) &&
                    (!period || periodOf([period], r.scored_at)),
                )}
                result={result}
                layers={layers}
                settings={settings}
                periods={report.showPeriods ? report.periods : []}
              />
            </>
          )}
          {!result.students && (
            <>
              <Card title="Filter layers">
                <LayersPanel layers={layers} onChange={setLayers} rows={rows} places={places} ids={topPlaces} />
                {shownLayers.length > 0 && !counted && (
                  <p className="mt-3 text-sm text-slate-600" role="status">
                    Counting the filter layers…
                  </p>
                )}
              </Card>
              {result.scope.kind === "district" && studentsHref ? (
                <p className="text-sm text-slate-600">
                  <a className="font-medium text-brand-700 underline" href={studentsHref}>
                    List the children of {result.scope.name}
                  </a>{" "}
                  (the Student progress view, with the classroom report and checkpoint periods).
                </p>
              ) : (
                <p className="text-sm text-slate-600">Choose a district, school or class above to list its children.</p>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}

function childNoun(kind: string): string {
  return kind === "location" ? "school" : kind;
}

function DomainTabs({ links, current }: { links: Links; current: string }) {
  return (
    <nav aria-label="Domain">
      <ul className="flex flex-wrap gap-2">
        {links.domains.map((d) => (
          <li key={d.code}>
            <a
              href={d.href}
              aria-current={d.code === current ? "page" : undefined}
              className={
                d.code === current
                  ? "rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white"
                  : "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
              }
            >
              {d.label} ({d.code})
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
