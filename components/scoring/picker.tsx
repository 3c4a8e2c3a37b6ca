"use client";

import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { gradeClass } from "./grade-colors";
import type { ScaleEntry } from "@/lib/scoring/screen-types";

interface PickerProps {
  entries: ScaleEntry[];
  current: number | null;
  label: string;
  /** Opens upwards for the last rows, so the list stays inside the grid's scroll area. */
  up: boolean;
  onPick: (entry: ScaleEntry) => void;
  onClose: () => void;
}

/** The cell's scale entries as a listbox (Enter on a cell): arrows move, Enter picks, Escape closes. */
export function Picker({ entries, current, label, up, onPick, onClose }: PickerProps) {
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      entries.findIndex((e) => e.id === current),
    ),
  );
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => ref.current?.focus(), []);

  function onKeyDown(e: KeyboardEvent) {
    e.stopPropagation();
    const last = entries.length - 1;
    const moves: Record<string, number> = { ArrowDown: Math.min(last, index + 1), ArrowUp: Math.max(0, index - 1), Home: 0, End: last };
    if (e.key in moves) setIndex(moves[e.key]);
    else if ((e.key === "Enter" || e.key === " ") && entries[index]) onPick(entries[index]);
    else if (e.key === "Escape" || e.key === "Tab") onClose();
    else {
      const typed = entries.find((en) => en.code.toUpperCase() === e.key.toUpperCase());
      if (typed) onPick(typed);
      else return;
    }
    e.preventDefault();
  }

  return (
    <ul
      ref={ref}
      role="listbox"
      tabIndex={-1}
      aria-label={label}
      aria-activedescendant={entries[index] ? `picker-option-${entries[index].id}` : undefined}
      onKeyDown={onKeyDown}
      onBlur={onClose}
      className={cn(
        "absolute left-0 z-30 min-w-56 rounded-md border border-slate-200 bg-white py-1 text-left text-sm font-normal shadow-lg outline-none",
        up ? "bottom-full mb-1" : "top-full mt-1",
      )}
    >
      {entries.map((entry, i) => (
        <li
          key={entry.id}
          id={`picker-option-${entry.id}`}
          role="option"
          aria-selected={i === index}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(entry);
          }}
          className={cn("flex cursor-pointer items-center gap-3 px-3 py-1.5 text-slate-800", i === index && "bg-brand-50 text-slate-900")}
        >
          <span className={cn("inline-flex h-6 min-w-8 items-center justify-center rounded px-1 text-xs font-semibold", gradeClass(entry.code))}>
            {entry.code}
          </span>
          <span>{entry.label}</span>
          {entry.id === current && <span className="ml-auto text-xs text-slate-600">current</span>}
        </li>
      ))}
    </ul>
  );
}
