"use client";

import { useState } from "react";
import { useLoad } from "@/components/api/use-load";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import { DEFAULT_VIEW_SETTINGS, type StudentLayer } from "@/lib/displays/model";
import { listFilters, metadataOf, removeFilter, saveFilter, type SavedFilter } from "./api";

export type VisibleItems = "all" | number[];
export type ViewSettings = { [K in keyof typeof DEFAULT_VIEW_SETTINGS]: (typeof DEFAULT_VIEW_SETTINGS)[K] extends boolean ? boolean : string };
const SETTING_LABELS: [keyof ViewSettings, string][] = [
  ["levels", "Show levels"],
  ["scores", "Show scores"],
];

interface Props {
  collectionId: number;
  layers: StudentLayer[];
  /** Children matching the shown layers (a new list's members). */
  matching: number[];
  onLayers: (layers: StudentLayer[]) => void;
  onVisible: (visible: VisibleItems) => void;
  settings: ViewSettings;
  onSettings: (settings: ViewSettings) => void;
}

const KIND: Record<string, string> = { DATA_FILTERS: "Filter layers", CUSTOM_LISTS_FILTERS: "Student list" };
const input = "rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The person's saved filters of the collection (spec §3, §4): layers saved as a filter, and lists of
 * children. Selecting applies one, selecting it again clears it; deleting the selected list shows
 * every child again.
 */
export function FiltersPanel({ collectionId, layers, matching, onLayers, onVisible, settings, onSettings }: Props) {
  const { showSnackbar } = useSnackbar();
  const [filters, setFilters] = useState<SavedFilter[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [name, setName] = useState("");
  const [kind, setKind] = useState<"DATA_FILTERS" | "CUSTOM_LISTS_FILTERS">("DATA_FILTERS");
  const [busy, setBusy] = useState(false);

  // Loaded once per collection.
  useLoad(collectionId, async (live) => {
    await listFilters(collectionId)
      .then((found) => {
        if (!live()) return;
        setFilters(found);
        // Saved view settings replace the defaults (spec §3) once they are known.
        const saved = found.find((f) => f.filterType === "VIEW_SETTINGS_FILTERS");
        if (saved) onSettings({ ...DEFAULT_VIEW_SETTINGS, ...(metadataOf(saved) as Partial<ViewSettings>) });
      })
      .catch((e: Error) => live() && (setFilters([]), showSnackbar(e.message, "error")));
  });

  const shown = (filters ?? []).filter((f) => f.filterType in KIND);

  function apply(filter: SavedFilter | null) {
    const meta = filter ? metadataOf(filter) : {};
    if (!filter || filter.filterType === "CUSTOM_LISTS_FILTERS") onVisible(filter && Array.isArray(meta.students) ? (meta.students as number[]) : "all");
    if (!filter || filter.filterType === "DATA_FILTERS") onLayers(filter && Array.isArray(meta.layers) ? (meta.layers as StudentLayer[]) : []);
  }

  function select(filter: SavedFilter) {
    const again = selected === filter.id;
    setSelected(again ? null : filter.id);
    if (again) apply(null);
    else apply(filter);
  }

  async function run(work: () => Promise<string>) {
    setBusy(true);
    try {
      showSnackbar(await work(), "success");
    } catch (e) {
      showSnackbar((e as Error).message, "error");
    } finally {
      setBusy(false);
    }
  }

  const metadata = (filterType: string) => (filterType === "CUSTOM_LISTS_FILTERS" ? { filterType, students: matching } : { filterType, layers });

  const create = () =>
    run(async () => {
      const { filter, message } = await saveFilter({ name, dataCollectionsId: collectionId, metadata: metadata(kind) });
      setFilters((all) => [...(all ?? []), filter].sort((a, b) => a.name.localeCompare(b.name)));
      setName("");
      return message;
    });

  const update = (target: SavedFilter) =>
    run(async () => {
      const { filter, message } = await saveFilter({
        id: target.id,
        name: target.name,
        color: target.color,
        dataCollectionsId: collectionId,
        metadata: metadata(target.filterType),
      });
      setFilters((all) => (all ?? []).map((f) => (f.id === filter.id ? filter : f)));
      return message;
    });

  const remove = (target: SavedFilter) =>
    run(async () => {
      const message = await removeFilter(target.id);
      setFilters((all) => (all ?? []).filter((f) => f.id !== target.id));
      if (target.filterType === "CUSTOM_LISTS_FILTERS") onVisible("all");
      if (selected === target.id) setSelected(null);
      return message;
    });

  const saveSettings = () =>
    run(async () => {
      const existing = (filters ?? []).find((f) => f.filterType === "VIEW_SETTINGS_FILTERS");
      const { filter, message } = await saveFilter({
        id: existing?.id,
        name: "View settings",
        dataCollectionsId: collectionId,
        metadata: { ...settings, filterType: "VIEW_SETTINGS_FILTERS" },
      });
      setFilters((all) => [...(all ?? []).filter((f) => f.id !== filter.id), filter]);
      return message;
    });

  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-4 text-sm text-slate-700">
        <legend className="mb-1 font-medium text-slate-900">View settings</legend>
        {SETTING_LABELS.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-brand-600"
              checked={Boolean(settings[key])}
              onChange={(e) => onSettings({ ...settings, [key]: e.target.checked })}
            />
            {label}
          </label>
        ))}
        <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => void saveSettings()}>
          Save view settings
        </Button>
      </fieldset>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className="flex flex-col text-sm text-slate-700">
          Filter name
          <input className={input} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </label>
        <label className="flex flex-col text-sm text-slate-700">
          Save as
          <select className={input} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            <option value="DATA_FILTERS">Filter layers</option>
            <option value="CUSTOM_LISTS_FILTERS">Student list (children matching the shown layers)</option>
          </select>
        </label>
        <Button type="submit" busy={busy}>
          Save filter
        </Button>
      </form>
      {filters === null ? (
        <p className="text-sm text-slate-600" role="status">
          Loading saved filters…
        </p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-slate-600">No saved filters yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Saved filters">
          {shown.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="grow font-medium text-slate-900">
                {f.name} <span className="font-normal text-slate-600">· {KIND[f.filterType]}</span>
              </span>
              <Button type="button" size="sm" variant={selected === f.id ? "primary" : "secondary"} aria-pressed={selected === f.id} onClick={() => select(f)}>
                {selected === f.id ? "Selected" : "Select"}
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => void update(f)}
                aria-label={`Update ${f.name} with the current ${f.filterType === "DATA_FILTERS" ? "layers" : "children"}`}
              >
                Update
              </Button>
              <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => void remove(f)} aria-label={`Delete ${f.name}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
