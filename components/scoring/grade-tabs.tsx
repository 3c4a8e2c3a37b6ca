"use client";

import { cn } from "@/components/ui/cn";
import { GRADE_TABS, gradeClass } from "./grade-colors";
import type { ScaleEntry } from "@/lib/scoring/screen-types";

interface GradeTabsProps {
  /** The active cell's scale; tabs outside it are shown but cannot be picked. */
  entries: ScaleEntry[];
  current: number | null;
  filtersOpen: boolean;
  disabled: boolean;
  onToggleFilters: () => void;
  onPick: (entry: ScaleEntry) => void;
}

/**
 * The spec's grade tabs (Filter, R, N, NE, A, B, C, D, 1 to 5), one colour each: a legend and a quick
 * pick for the active cell. Codes of the cell's scale that are not among them follow at the end.
 */
export function GradeTabs({ entries, current, filtersOpen, disabled, onToggleFilters, onPick }: GradeTabsProps) {
  const extra = entries.filter((e) => !GRADE_TABS.includes(e.code.toUpperCase()));
  const tabs = [
    ...GRADE_TABS.map((code) => ({ code, entry: entries.find((e) => e.code.toUpperCase() === code) })),
    ...extra.map((e) => ({ code: e.code, entry: e })),
  ];
  return (
    <div role="group" aria-label="Grades of the active cell" className="flex flex-wrap items-center gap-1.5">
      <button
        type="button"
        aria-expanded={filtersOpen}
        aria-controls="scoring-selectors"
        onClick={onToggleFilters}
        className="inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="currentColor" aria-hidden="true">
          <path d="M3 4h14l-5.5 6.5V16l-3 1.5v-7L3 4Z" />
        </svg>
        Filter
      </button>
      <span aria-hidden="true" className="mr-1 ml-2 text-xs font-medium tracking-wide text-slate-600 uppercase">
        Grades
      </span>
      {tabs.map(({ code, entry }) => (
        <button
          key={code}
          type="button"
          disabled={disabled || !entry}
          aria-pressed={entry ? entry.id === current : undefined}
          title={entry ? `${entry.code}: ${entry.label}` : `${code} is not on this item's scale`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => entry && onPick(entry)}
          className={cn(
            "inline-flex h-8 min-w-9 items-center justify-center rounded-md px-2 text-sm font-semibold",
            gradeClass(code),
            !entry && "opacity-40",
            entry && "hover:ring-2 hover:ring-slate-400",
            entry && entry.id === current && "ring-2 ring-brand-600 ring-offset-1",
          )}
        >
          {code}
          {entry && <span className="sr-only">: {entry.label}</span>}
        </button>
      ))}
    </div>
  );
}
