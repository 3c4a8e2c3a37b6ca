"use client";

import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { newLayer, type StudentLayer, type StudentRow, type TriState } from "@/lib/displays/model";
import { fetchRaceCodes } from "./api";

const GENDERS = ["MALE", "FEMALE", "NON-BINARY", "UNKNOWN"];
const TRI: { value: TriState; label: string }[] = [
  { value: "all", label: "All" },
  { value: "true", label: "Yes" },
  { value: "false", label: "No" },
];

const select = "rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600";

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Values present among the rows, for the place and care pickers. */
function distinct<T>(rows: readonly StudentRow[], pick: (r: StudentRow) => T | null): T[] {
  return [...new Set(rows.map(pick).filter((v): v is T => v !== null && v !== ""))];
}

interface Props {
  layers: StudentLayer[];
  onChange: (layers: StudentLayer[]) => void;
  rows: readonly StudentRow[];
  places: { regions: Map<number, string>; districts: Map<number, string>; locations: Map<number, string> };
  /** Places to pick from when there are no rows (a state's regions, a region's districts). */
  ids?: Partial<Record<"regions" | "districts" | "locations", number[]>>;
}

/** Spec §3 client-side student filter layers: each drawn over the charts, numbered and dashed. */
export function LayersPanel({ layers, onChange, rows, places, ids }: Props) {
  const [races, setRaces] = useState<{ label: string; value: number }[]>([]);
  useEffect(() => {
    let live = true;
    fetchRaceCodes().then((codes) => live && setRaces(codes));
    return () => {
      live = false;
    };
  }, []);
  const update = (id: string, change: Partial<StudentLayer>) => onChange(layers.map((l) => (l.id === id ? { ...l, ...change } : l)));
  const cares = distinct(rows, (r) => r.cares);
  const placeLists: { key: "regions" | "districts" | "locations"; label: string; ids: number[]; names: Map<number, string> }[] = [
    { key: "regions", label: "Regions", ids: ids?.regions ?? distinct(rows, (r) => r.region_id), names: places.regions },
    { key: "districts", label: "Districts", ids: ids?.districts ?? distinct(rows, (r) => r.district_id), names: places.districts },
    { key: "locations", label: "Locations", ids: ids?.locations ?? distinct(rows, (r) => r.school_id), names: places.locations },
  ];
  return (
    <div className="space-y-4">
      <Button type="button" variant="secondary" onClick={() => onChange([...layers, newLayer(layers)])}>
        Add filter layer
      </Button>
      {layers.length === 0 && <p className="text-sm text-slate-600">No filter layers. A layer picks children by their details and is drawn over the charts.</p>}
      {layers.map((layer, index) => (
        <fieldset key={layer.id} className="rounded-md border border-slate-300 p-3">
          <legend className="flex items-center gap-2 px-1 text-sm font-semibold text-slate-900">
            <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true">
              <rect x="1" y="1" width="14" height="14" rx="2" fill={layer.color} fillOpacity="0.3" stroke={layer.color} strokeWidth="2" strokeDasharray="3 2" />
            </svg>
            {index + 1}. {layer.label}
          </legend>
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col text-sm text-slate-700">
              Name
              <input className={select} value={layer.label} onChange={(e) => update(layer.id, { label: e.target.value })} />
            </label>
            {(["iep", "ell", "ses"] as const).map((key) => (
              <label key={key} className="flex flex-col text-sm text-slate-700">
                {key.toUpperCase()}
                <select className={select} value={layer[key]} onChange={(e) => update(layer.id, { [key]: e.target.value as TriState })}>
                  {TRI.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={layer.enabled}
                onChange={(e) => update(layer.id, { enabled: e.target.checked })}
              />
              Shown
            </label>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(layers.filter((l) => l.id !== layer.id))}>
              Remove {layer.label}
            </Button>
          </div>
          <details className="mt-3 text-sm text-slate-700">
            <summary className="cursor-pointer font-medium text-brand-700">More criteria</summary>
            <div className="mt-2 grid gap-3 tablet:grid-cols-2">
              <Checks
                legend="Genders"
                options={GENDERS.map((g) => ({ value: g, label: g }))}
                selected={layer.genders}
                onToggle={(v) => update(layer.id, { genders: toggle(layer.genders, v) })}
              />
              <Checks
                legend="Races"
                options={races.map((r) => ({ value: r.value, label: r.label }))}
                selected={layer.races}
                onToggle={(v) => update(layer.id, { races: toggle(layer.races, v) })}
              />
              {cares.length > 0 && (
                <Checks
                  legend="Prior care"
                  options={cares.map((c) => ({ value: c, label: c }))}
                  selected={layer.cares}
                  onToggle={(v) => update(layer.id, { cares: toggle(layer.cares, v) })}
                />
              )}
              {placeLists
                .filter((p) => p.ids.length > 1)
                .map((p) => (
                  <Checks
                    key={p.key}
                    legend={p.label}
                    options={p.ids.map((id) => ({ value: id, label: p.names.get(id) ?? `#${id}` }))}
                    selected={layer[p.key]}
                    onToggle={(v) => update(layer.id, { [p.key]: toggle(layer[p.key], v) })}
                  />
                ))}
            </div>
          </details>
        </fieldset>
      ))}
    </div>
  );
}

function Checks<T extends string | number>({
  legend,
  options,
  selected,
  onToggle,
}: {
  legend: string;
  options: { value: T; label: string }[];
  selected: T[];
  onToggle: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="font-medium text-slate-900">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={String(o.value)} className="flex items-center gap-1.5">
            <input type="checkbox" className="size-4 accent-brand-600" checked={selected.includes(o.value)} onChange={() => onToggle(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
