"use client";

import { useState } from "react";
import { useLoad } from "@/components/api/use-load";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { CheckpointPeriod, Level } from "@/lib/displays/model";
import { addPeriod, listFilters, listPeriods, metadataOf, removePeriod, saveFilter, type PeriodWire, type SavedFilter } from "./api";

/** The classroom report's own settings: which levels it lists, and the checkpoint periods shown. */
export interface ReportOptions {
  /** Level codes listed in the progress table; empty lists every level. */
  levels: string[];
  /** The collection's checkpoint periods (collection-wide, from the API). */
  periods: CheckpointPeriod[];
  showPeriods: boolean;
  /** A period's id: the progress table lists only children whose results changed in it; "" lists all. */
  period: string;
}

export const NO_REPORT_OPTIONS: ReportOptions = { levels: [], periods: [], showPeriods: false, period: "" };

const NAME = "Classroom report";
const toPeriod = (p: PeriodWire): CheckpointPeriod => ({ id: String(p.id), label: p.label, color: p.color, fromDate: p.startDate, toDate: p.endDate });
const input = "rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600";
const toUnix = (date: string, endOfDay: boolean) => Math.floor(Date.parse(`${date}T${endOfDay ? "23:59:59" : "00:00:00"}Z`) / 1000);
const dayOf = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

/**
 * Spec §3 classroom report filters, kept as the person's OTHER_FILTERS filter 'Classroom report'
 * (levels listed, periods shown), and the collection's checkpoint periods, which administrators
 * add and remove for everyone (GET/POST/DELETE /data-collections/{id}/checkpoint-periods). Adding a
 * period switches the periods on (spec §4).
 */
export function ReportOptionsPanel({
  collectionId,
  levels,
  options,
  onChange,
  canManage,
}: {
  collectionId: number;
  levels: Level[];
  options: ReportOptions;
  onChange: (options: ReportOptions) => void;
  canManage: boolean;
}) {
  const { showSnackbar } = useSnackbar();
  const [saved, setSaved] = useState<SavedFilter | null>(null);
  const [draft, setDraft] = useState({ label: "", from: "", to: "" });
  const [busy, setBusy] = useState(false);
  // Until the saved options arrive, a change would be overwritten by them.
  const [ready, setReady] = useState(false);

  // Loaded once per collection.
  useLoad(collectionId, async (live) => {
    await Promise.all([listFilters(collectionId).catch(() => []), listPeriods(collectionId).catch(() => [])])
      .then(([found, periods]) => {
        if (!live()) return;
        const mine = found.find((f) => f.filterType === "OTHER_FILTERS" && f.name === NAME);
        if (mine) setSaved(mine);
        const meta = mine ? metadataOf(mine) : {};
        onChange({
          levels: Array.isArray(meta.levels) ? (meta.levels as string[]) : [],
          periods: periods.map(toPeriod),
          showPeriods: meta.showPeriods === true,
          period: "",
        });
        setReady(true);
      })
      .catch(() => undefined);
  });

  async function createPeriod() {
    if (!draft.label.trim() || !draft.from || !draft.to) {
      showSnackbar("A period needs a name, a start and an end", "error");
      return;
    }
    const startDate = toUnix(draft.from, false);
    const endDate = toUnix(draft.to, true);
    if (endDate < startDate) {
      showSnackbar("A period must end after it starts", "error");
      return;
    }
    setBusy(true);
    try {
      const { checkpointPeriod, message } = await addPeriod(collectionId, { label: draft.label.trim(), startDate, endDate });
      onChange({ ...options, periods: [...options.periods, toPeriod(checkpointPeriod)], showPeriods: true });
      setDraft({ label: "", from: "", to: "" });
      showSnackbar(message, "success");
    } catch (e) {
      showSnackbar((e as Error).message, "error");
    } finally {
      setBusy(false);
    }
  }

  async function dropPeriod(period: CheckpointPeriod) {
    try {
      const message = await removePeriod(collectionId, Number(period.id));
      onChange({ ...options, periods: options.periods.filter((x) => x.id !== period.id), period: options.period === period.id ? "" : options.period });
      showSnackbar(message, "success");
    } catch (e) {
      showSnackbar((e as Error).message, "error");
    }
  }

  async function save() {
    setBusy(true);
    try {
      const metadata = { filterType: "OTHER_FILTERS", levels: options.levels, showPeriods: options.showPeriods };
      const { filter, message } = await saveFilter({ id: saved?.id, name: NAME, dataCollectionsId: collectionId, metadata });
      setSaved(filter);
      showSnackbar(message, "success");
    } catch (e) {
      showSnackbar((e as Error).message, "error");
    } finally {
      setBusy(false);
    }
  }

  const toggleLevel = (code: string) =>
    onChange({ ...options, levels: options.levels.includes(code) ? options.levels.filter((c) => c !== code) : [...options.levels, code] });

  return (
    <div className="space-y-4 text-sm text-slate-700" aria-busy={!ready || undefined}>
      <fieldset disabled={!ready}>
        <legend className="font-medium text-slate-900">List children at these levels (none chosen: every level)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {levels.map((l) => (
            <label key={l.code} className="flex items-center gap-1.5">
              <input type="checkbox" className="size-4 accent-brand-600" checked={options.levels.includes(l.code)} onChange={() => toggleLevel(l.code)} />
              {l.label}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2" disabled={!ready}>
        <legend className="font-medium text-slate-900">Checkpoint periods</legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={options.showPeriods}
            onChange={(e) => onChange({ ...options, showPeriods: e.target.checked })}
          />
          Show checkpoint periods
        </label>
        {options.periods.length > 0 && (
          <ul className="space-y-1" aria-label="Checkpoint periods">
            {options.periods.map((p) => (
              <li key={p.id} className="flex items-center gap-2">
                <svg viewBox="0 0 12 12" className="size-3" aria-hidden="true">
                  <rect width="12" height="12" rx="2" fill={p.color} />
                </svg>
                <span className="font-medium text-slate-900">{p.label}</span> {dayOf(p.fromDate)} – {dayOf(p.toDate)}
                {canManage && (
                  <Button type="button" size="sm" variant="ghost" onClick={() => void dropPeriod(p)} aria-label={`Remove ${p.label}`}>
                    Remove
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {options.periods.length === 0 && (
          <p className="text-slate-600">The collection has no checkpoint periods{canManage ? "" : " yet; administrators add them"}.</p>
        )}
        {options.periods.length > 0 && (
          <label className="flex flex-col">
            List children whose results changed in
            <select className={input} value={options.period} onChange={(e) => onChange({ ...options, period: e.target.value })}>
              <option value="">Any period</option>
              {options.periods.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label} ({dayOf(p.fromDate)} – {dayOf(p.toDate)})
                </option>
              ))}
            </select>
          </label>
        )}
        {canManage && (
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col">
              Period name
              <input className={input} value={draft.label} onChange={(e) => setDraft({ ...draft, label: e.target.value })} maxLength={60} />
            </label>
            <label className="flex flex-col">
              From
              <input type="date" className={input} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
            </label>
            <label className="flex flex-col">
              To
              <input type="date" className={input} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
            </label>
            <Button type="button" variant="secondary" busy={busy} onClick={() => void createPeriod()}>
              Add checkpoint period
            </Button>
          </div>
        )}
      </fieldset>
      <Button type="button" busy={busy} disabled={!ready} onClick={() => void save()}>
        Save classroom report filters
      </Button>
    </div>
  );
}
