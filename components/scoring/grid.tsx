"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { Progress } from "@/components/ui/card";
import { Cell, type ShownStatus } from "./cell";
import { entryByCode, matchTyped, parseBlock } from "./codes";
import { itemBorderClass } from "./grade-colors";
import { Picker } from "./picker";
import { cellKey, type CellState, type GridItem, type GridStudent, type PreviousResult, type ScaleEntry, type ScoringData } from "@/lib/scoring/screen-types";
import type { CellChange } from "./use-save-queue";

export interface Position {
  row: number;
  col: number;
}

interface GridProps {
  students: GridStudent[];
  items: GridItem[];
  cells: Record<string, CellState>;
  progress: Map<number, number>;
  /** Each child's result in the previous checkpoint of the same assessment; null: the column is off. */
  previous: ScoringData["previous"];
  statusOf: (key: string) => ShownStatus;
  entriesOf: (item: GridItem) => ScaleEntry[];
  domainIndex: (item: GridItem) => number;
  writable: boolean;
  active: Position;
  onActiveChange: (p: Position) => void;
  onChange: (changes: CellChange[]) => void;
  onUndo: () => void;
  onComment: () => void;
  onReport: (message: string) => void;
}

const TYPE_WAIT_MS = 700;

/**
 * Students by items, as the WAI-ARIA grid pattern: one tab stop (the active cell), arrows, Home/End,
 * Ctrl+Home/End; Enter opens the cell's scale, typing a code sets it, Delete clears, Ctrl+V pastes a
 * block copied from a spreadsheet, Ctrl+Z undoes, Shift+Enter opens the comment.
 */
export function Grid(props: GridProps) {
  const {
    students,
    items,
    cells,
    progress,
    previous,
    statusOf,
    entriesOf,
    domainIndex,
    writable,
    active,
    onActiveChange,
    onChange,
    onUndo,
    onComment,
    onReport,
  } = props;
  const table = useRef<HTMLTableElement>(null);
  const wantFocus = useRef(false);
  const typed = useRef<{ buffer: string; timer: ReturnType<typeof setTimeout> | null }>({ buffer: "", timer: null });
  const [picking, setPicking] = useState(false);

  const rows = students.length;
  const cols = items.length;
  const row = Math.min(active.row, Math.max(0, rows - 1));
  const col = Math.min(active.col, Math.max(0, cols - 1));
  const item = items[col];

  // Keys can arrive faster than React renders: handlers read the position and grades from refs that
  // move at once, not from the last render, so no arrow press or typed grade is lost or misplaced.
  const pos = useRef({ row, col });
  const cellsRef = useRef(cells);
  useEffect(() => {
    pos.current = { row, col };
    cellsRef.current = cells;
  }, [row, col, cells]);

  const moveTo = useCallback(
    (r: number, c: number) => {
      wantFocus.current = true;
      pos.current = { row: Math.max(0, Math.min(rows - 1, r)), col: Math.max(0, Math.min(cols - 1, c)) };
      onActiveChange(pos.current);
    },
    [rows, cols, onActiveChange],
  );

  // Focus follows the active cell in the same commit, before the next key arrives.
  useLayoutEffect(() => {
    if (!wantFocus.current) return;
    wantFocus.current = false;
    const el = table.current?.querySelector<HTMLElement>(`[data-row="${row}"][data-col="${col}"]`);
    el?.focus({ preventScroll: true });
    el?.scrollIntoView({ block: "nearest", inline: "nearest" });
  });

  const activate = useCallback(
    (r: number, c: number) => {
      pos.current = { row: r, col: c };
      onActiveChange(pos.current);
    },
    [onActiveChange],
  );

  /** Sets (or clears) the cell at the position the keys have reached. */
  function set(entryId: number | null, at = pos.current) {
    const student = students[at.row];
    const it = items[at.col];
    if (!student || !it || !writable) return;
    const key = cellKey(student.enrollmentId, it.id);
    const cell = cellsRef.current[key];
    if ((cell?.entryId ?? null) === entryId) return;
    cellsRef.current = { ...cellsRef.current, [key]: { ...(cell ?? { gradeId: null, comment: null, artifactCount: 0 }), entryId } };
    onChange([{ enrollmentId: student.enrollmentId, itemId: it.id, entryId }]);
  }

  function typeKey(key: string) {
    const at = pos.current;
    const item = items[at.col];
    if (!item) return;
    const entries = entriesOf(item);
    const t = typed.current;
    if (t.timer) clearTimeout(t.timer);
    let buffer = t.buffer + key;
    let match = matchTyped(entries, buffer);
    if (!match.exact && !match.longer) {
      buffer = key;
      match = matchTyped(entries, buffer);
    }
    t.buffer = "";
    t.timer = null;
    if (match.exact && !match.longer) return set(match.exact.id, at);
    if (!match.exact && !match.longer) return onReport(`"${key.toUpperCase()}" is not a grade of ${item.code}`);
    // N could be the start of NE: wait a moment for the next key.
    t.buffer = buffer;
    const exact = match.exact;
    if (exact) t.timer = setTimeout(() => ((t.buffer = ""), set(exact.id, at)), TYPE_WAIT_MS);
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    if (!rows || !cols || picking) return;
    const { row, col } = pos.current;
    const ctrl = e.ctrlKey || e.metaKey;
    const nav: Record<string, () => void> = {
      ArrowUp: () => moveTo(row - 1, col),
      ArrowDown: () => moveTo(row + 1, col),
      ArrowLeft: () => moveTo(row, col - 1),
      ArrowRight: () => moveTo(row, col + 1),
      Home: () => (ctrl ? moveTo(0, 0) : moveTo(row, 0)),
      End: () => (ctrl ? moveTo(rows - 1, cols - 1) : moveTo(row, cols - 1)),
      PageUp: () => moveTo(row - 10, col),
      PageDown: () => moveTo(row + 10, col),
    };
    if (nav[e.key] && !e.altKey) {
      e.preventDefault();
      nav[e.key]();
      return;
    }
    if (ctrl && e.key.toLowerCase() === "z") {
      e.preventDefault();
      onUndo();
      return;
    }
    if (ctrl || e.altKey || !writable) return;
    if (e.key === "Enter" && e.shiftKey) {
      e.preventDefault();
      onComment();
    } else if (e.key === "Enter" || e.key === "F2") {
      e.preventDefault();
      setPicking(true);
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      set(null);
    } else if (/^[a-z0-9]$/i.test(e.key)) {
      e.preventDefault();
      typeKey(e.key);
    }
  }

  function onPaste(e: ClipboardEvent<HTMLTableElement>) {
    if (!writable || picking) return;
    e.preventDefault();
    const { row, col } = pos.current;
    const block = parseBlock(e.clipboardData.getData("text/plain"));
    const changes: CellChange[] = [];
    const unknown: string[] = [];
    let outside = 0;
    block.forEach((values, r) =>
      values.forEach((value, c) => {
        if (!value) return;
        const s = students[row + r];
        const it = items[col + c];
        if (!s || !it) return void outside++;
        const entry = entryByCode(entriesOf(it), value);
        if (!entry) return void unknown.push(`"${value}" for ${s.name}, ${it.code}`);
        if ((cellsRef.current[cellKey(s.enrollmentId, it.id)]?.entryId ?? null) !== entry.id)
          changes.push({ enrollmentId: s.enrollmentId, itemId: it.id, entryId: entry.id });
      }),
    );
    if (changes.length) onChange(changes);
    const parts = [`Pasted ${changes.length} ${changes.length === 1 ? "grade" : "grades"}`];
    if (unknown.length)
      parts.push(`${unknown.length} not a grade of the item and not saved: ${unknown.slice(0, 5).join("; ")}${unknown.length > 5 ? "; …" : ""}`);
    if (outside) parts.push(`${outside} outside the grid`);
    onReport(parts.join(". "));
  }

  return (
    <div className="relative max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table
        ref={table}
        role="grid"
        aria-label="Scores: students by items"
        aria-readonly={!writable || undefined}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        className="border-separate border-spacing-0"
      >
        <thead>
          <tr>
            <th
              role="columnheader"
              scope="col"
              className="sticky top-0 left-0 z-20 w-52 min-w-52 border-r border-b border-slate-200 bg-slate-50 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              Student
            </th>
            <th
              role="columnheader"
              scope="col"
              className="sticky top-0 left-52 z-20 w-32 min-w-32 border-r border-b border-slate-300 bg-slate-50 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              Progress
            </th>
            {previous && (
              <th
                role="columnheader"
                scope="col"
                className="sticky top-0 left-84 z-20 w-36 min-w-36 border-r border-b border-slate-300 bg-slate-50 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                Previous level
              </th>
            )}
            {items.map((it) => (
              <th
                key={it.id}
                role="columnheader"
                data-item={it.id}
                scope="col"
                className={`group sticky top-0 z-10 border-t-4 border-r border-b border-slate-200 px-1 py-2 text-xs font-semibold ${itemBorderClass(domainIndex(it))} ${it.id === item?.id ? "bg-brand-100 text-brand-900" : "bg-slate-50 text-slate-800"}`}
              >
                <span aria-hidden="true">{it.code}</span>
                <span className="sr-only">
                  {it.code} {it.label}
                </span>
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-full left-1/2 z-30 mt-1 hidden w-52 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-left text-xs font-normal text-white shadow-lg group-hover:block"
                >
                  <span className="font-semibold">{it.code}</span> · {it.label}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {students.map((s, r) => (
            <tr key={s.enrollmentId} className="hover:bg-slate-50">
              <th
                role="rowheader"
                scope="row"
                data-enrollment={s.enrollmentId}
                className={`sticky left-0 z-10 w-52 min-w-52 truncate border-r border-b border-slate-200 px-3 text-left text-sm font-medium ${r === row ? "bg-brand-100 text-brand-900" : "bg-white text-slate-900"}`}
              >
                {s.name}
              </th>
              <th
                role="rowheader"
                className="sticky left-52 z-10 w-32 min-w-32 border-r border-b border-slate-300 bg-white px-3 text-left text-xs font-normal text-slate-700"
              >
                <span className="sr-only">{s.name}: </span>
                <Progress value={progress.get(s.enrollmentId) ?? 0} label={`Progress of ${s.name}`} />
              </th>
              {previous && <PreviousCell name={s.name} result={previous[s.enrollmentId]} />}
              {items.map((it, c) => {
                const key = cellKey(s.enrollmentId, it.id);
                const cell = cells[key];
                const isActive = r === row && c === col;
                return (
                  <Cell
                    key={it.id}
                    row={r}
                    col={c}
                    cell={cell}
                    entry={cell?.entryId ? entriesOf(it).find((e) => e.id === cell.entryId) : undefined}
                    status={statusOf(key)}
                    active={isActive}
                    readOnly={!writable}
                    onActivate={activate}
                  >
                    {isActive && picking && (
                      <Picker
                        entries={entriesOf(it)}
                        current={cell?.entryId ?? null}
                        label={`Grade for ${s.name}, ${it.code}`}
                        up={r > 2 && r >= rows - 4}
                        onPick={(entry) => {
                          setPicking(false);
                          set(entry.id);
                          moveTo(r, c);
                        }}
                        onClose={() => {
                          setPicking(false);
                          moveTo(r, c);
                        }}
                      />
                    )}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The child's level (else overall score) in the previous checkpoint, with the collection it came from for screen readers. */
function PreviousCell({ name, result }: { name: string; result: PreviousResult | undefined }) {
  const shown = result ? (result.levelLabel ?? (result.overallScore === null ? null : `Score ${result.overallScore}`)) : null;
  return (
    <th
      role="rowheader"
      className="sticky left-84 z-10 w-36 max-w-36 min-w-36 truncate border-r border-b border-slate-300 bg-white px-3 text-left text-xs font-normal text-slate-800"
      data-testid="previous-level"
    >
      <span className="sr-only">{name}, previous level: </span>
      {result && shown ? (
        <>
          {shown}
          <span className="sr-only">
            {" "}
            in {result.collectionName} ({result.schoolYear})
          </span>
        </>
      ) : (
        <span className="text-slate-600">None</span>
      )}
    </th>
  );
}
