"use client";

import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Banner } from "./banners";
import { CommentDialog } from "./comment-dialog";
import { EvidenceDialog } from "./evidence-dialog";
import { HistoryDialog } from "./history-dialog";
import { NO_FILTERS, visibleItems, visibleStudents, type Filters } from "./filters";
import { itemDotClass } from "./grade-colors";
import { GradeTabs } from "./grade-tabs";
import { Grid, type Position } from "./grid";
import { Selectors } from "./selectors";
import { cellKey, type GridItem, type PendingOp, type ScoringData } from "@/lib/scoring/screen-types";
import { useSaveQueue, type CellChange } from "./use-save-queue";

const UNDO_DEPTH = 100;
const noSubscription = () => () => {};

/** The teacher's scoring screen: selectors, grade tabs, the grid, its save states and notices. */
export function ScoringScreen({ data }: { data: ScoringData }) {
  const studentName = useMemo(() => new Map(data.students.map((s) => [s.enrollmentId, s.name])), [data.students]);
  const itemById = useMemo(() => new Map(data.items.map((i) => [i.id, i])), [data.items]);
  const entriesOf = useCallback((item: GridItem) => (item.scaleId ? (data.scales[item.scaleId] ?? []) : []), [data.scales]);
  const domainOrder = useMemo(() => new Map(data.domains.filter((d) => d.depth === 0).map((d, i) => [d.id, i])), [data.domains]);
  const domainIndex = useCallback((item: GridItem) => (item.domainId === null ? -1 : (domainOrder.get(item.domainId) ?? -1)), [domainOrder]);

  const describe = useCallback(
    (op: PendingOp) => {
      const item = itemById.get(op.itemId);
      const where = `${studentName.get(op.enrollmentId) ?? "student"}, ${item?.code ?? "item"}`;
      if (op.kind === "clear") return `cleared ${where}`;
      if (op.kind === "comment") return `comment for ${where}`;
      const code = item ? entriesOf(item).find((e) => e.id === op.entryId)?.code : undefined;
      return `${code ?? "grade"} for ${where}`;
    },
    [itemById, studentName, entriesOf],
  );

  const q = useSaveQueue(data, describe);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(true);
  const [active, setActive] = useState<Position>({ row: 0, col: 0 });
  const [report, setReport] = useState("");
  const [commenting, setCommenting] = useState(false);
  const [evidenceOf, setEvidenceOf] = useState<{ key: string; gradeId: number; title: string } | null>(null);
  const [historyOf, setHistoryOf] = useState<{ studentId: number; itemId: number; title: string } | null>(null);
  const undo = useRef<CellChange[][]>([]);

  const students = useMemo(() => visibleStudents(data, filters), [data, filters]);
  const items = useMemo(() => visibleItems(data, filters), [data, filters]);
  const row = Math.min(active.row, Math.max(0, students.length - 1));
  const col = Math.min(active.col, Math.max(0, items.length - 1));
  const student = students[row];
  const item = items[col];
  const activeKey = student && item ? cellKey(student.enrollmentId, item.id) : "";
  const activeCell = q.cells[activeKey];
  const activeEntries = item ? entriesOf(item) : [];
  const activeEntry = activeEntries.find((e) => e.id === activeCell?.entryId);

  const queued = useMemo(() => new Set(q.queue.map((o) => cellKey(o.enrollmentId, o.itemId))), [q.queue]);
  const statusOf = useCallback((key: string) => (queued.has(key) ? (q.blocked ? "pending" : "saving") : q.cells[key]?.status), [queued, q.blocked, q.cells]);
  const failedKeys = Object.keys(q.cells).filter((k) => q.cells[k].status === "failed" && !queued.has(k));

  const change = useCallback(
    (changes: CellChange[]) => {
      const previous = changes.map((c) => ({ ...c, entryId: q.cells[cellKey(c.enrollmentId, c.itemId)]?.entryId ?? null }));
      undo.current = [...undo.current.slice(-UNDO_DEPTH + 1), previous];
      q.change(changes);
    },
    [q],
  );

  const onUndo = useCallback(() => {
    const last = undo.current.pop();
    if (!last) return setReport("Nothing to undo");
    q.change(last);
    setReport(
      `Undone: ${last.length === 1 ? describe({ requestKey: "", queuedAt: 0, kind: last[0].entryId === null ? "clear" : "set", ...last[0], entryId: last[0].entryId ?? 0 }) : `${last.length} changes`}`,
    );
  }, [q, describe]);

  const focusActive = () => document.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]')?.focus();
  // The dialog has no trigger to hand focus back to: it goes back to the active cell.
  const closeComment = () => {
    setCommenting(false);
    setTimeout(focusActive, 0);
  };
  const openComment = () => {
    if (!activeCell?.entryId) return setReport("Score the cell first, then add a comment");
    setCommenting(true);
  };

  // Marks the screen interactive once hydrated (keys pressed before that would be lost).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const pending = q.queue.length;
  return (
    <div className="flex flex-col gap-4" data-hydrated={hydrated || undefined}>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <GradeTabs
          entries={activeEntries}
          current={activeCell?.entryId ?? null}
          filtersOpen={filtersOpen}
          disabled={!data.writable}
          onToggleFilters={() => setFiltersOpen((o) => !o)}
          onPick={(entry) => {
            if (student && item && activeCell?.entryId !== entry.id) change([{ enrollmentId: student.enrollmentId, itemId: item.id, entryId: entry.id }]);
            focusActive();
          }}
        />
        {filtersOpen && (
          <div id="scoring-selectors" className="border-t border-slate-200 pt-3">
            <Selectors
              data={data}
              filters={filters}
              onChange={(f) => {
                setFilters(f);
                setActive({ row: 0, col: 0 });
              }}
            />
          </div>
        )}
      </div>

      {!data.writable && <Banner tone="info">This collection&apos;s window is not open: scores can be read but not changed.</Banner>}
      {!q.online && (
        <Banner tone="warning" testId="offline-banner">
          Offline: changes are kept on this device
        </Banner>
      )}
      {pending > 0 && q.blocked && (
        <Banner tone="warning" testId="pending-banner">
          {pending} {pending === 1 ? "change" : "changes"} waiting to be sent
        </Banner>
      )}
      {failedKeys.length > 0 && (
        <Banner
          tone="danger"
          testId="failed-banner"
          action={
            <Button size="sm" variant="secondary" onClick={() => q.retry(failedKeys)}>
              Retry all
            </Button>
          }
        >
          {failedKeys.length} {failedKeys.length === 1 ? "change was" : "changes were"} not saved
        </Banner>
      )}

      <div className="flex min-h-10 items-start justify-between gap-3 text-sm text-slate-700">
        <p data-testid="active-cell" className="min-w-0 flex-1 pt-1.5">
          {student && item ? (
            <>
              <span className="font-medium text-slate-900">{student.name}</span>
              <span className="mx-1.5 text-slate-400">·</span>
              <span className={`mr-1.5 inline-block size-2 rounded-full ${itemDotClass(domainIndex(item))}`} aria-hidden="true" />
              {item.code} {item.label}
              <span className="mx-1.5 text-slate-400">·</span>
              {activeEntry ? `${activeEntry.code}: ${activeEntry.label}` : "Not scored"}
              {activeCell?.comment && <span className="ml-1.5 text-slate-600 italic">“{activeCell.comment}”</span>}
              {activeCell?.status === "failed" && <span className="block font-medium text-danger">Not saved: {activeCell.message}</span>}
            </>
          ) : (
            "No cell matches the selectors"
          )}
        </p>
        <div className="flex shrink-0 gap-2">
          {activeCell?.status === "failed" && !queued.has(activeKey) && (
            <Button size="sm" variant="secondary" onClick={() => q.retry([activeKey])}>
              Retry
            </Button>
          )}
          <Button size="sm" variant="secondary" disabled={!data.writable || !activeCell?.entryId} onClick={openComment} aria-keyshortcuts="Shift+Enter">
            Comment
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!activeCell?.gradeId || queued.has(activeKey)}
            onClick={() =>
              student &&
              item &&
              activeCell?.gradeId &&
              setEvidenceOf({ key: activeKey, gradeId: activeCell.gradeId, title: `${student.name}, ${item.code} ${item.label}` })
            }
          >
            Evidence{activeCell?.artifactCount ? ` (${activeCell.artifactCount})` : ""}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!student || !item}
            onClick={() =>
              student && item && setHistoryOf({ studentId: student.studentId, itemId: item.id, title: `${student.name}, ${item.code} ${item.label}` })
            }
          >
            History
          </Button>
        </div>
      </div>

      {students.length && items.length ? (
        <Grid
          students={students}
          items={items}
          cells={q.cells}
          progress={q.progress}
          previous={data.previous}
          statusOf={statusOf}
          entriesOf={entriesOf}
          domainIndex={domainIndex}
          writable={data.writable}
          active={{ row, col }}
          onActiveChange={setActive}
          onChange={change}
          onUndo={onUndo}
          onComment={openComment}
          onReport={setReport}
        />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">
          No students or items match the selectors.
        </p>
      )}

      <p role="status" className="min-h-5 text-sm text-slate-700" data-testid="grid-report">
        {report}
      </p>
      <div aria-live="polite" className="sr-only" data-testid="save-announcement">
        {q.announcement}
      </div>
      <ul aria-label="Item colours by domain" className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-700">
        {data.domains
          .filter((d) => d.depth === 0)
          .map((d) => (
            <li key={d.id} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-2.5 rounded-full ${itemDotClass(domainOrder.get(d.id) ?? -1)}`} />
              {d.code} {d.label}
            </li>
          ))}
      </ul>
      <p className="text-xs text-slate-600">
        Arrow keys move; type a grade&apos;s code to set it; Enter lists the grades; Delete clears; Ctrl+V pastes a block copied from a spreadsheet; Ctrl+Z
        undoes; Shift+Enter adds a comment.
      </p>

      {evidenceOf && (
        <EvidenceDialog
          collectionId={data.collectionId}
          gradeId={evidenceOf.gradeId}
          title={evidenceOf.title}
          writable={data.writable}
          onCount={(n) => q.setArtifactCount(evidenceOf.key, n)}
          onClose={() => {
            setEvidenceOf(null);
            setTimeout(focusActive, 0);
          }}
        />
      )}
      {historyOf && (
        <HistoryDialog
          collectionId={data.collectionId}
          studentId={historyOf.studentId}
          itemId={historyOf.itemId}
          title={historyOf.title}
          onClose={() => {
            setHistoryOf(null);
            setTimeout(focusActive, 0);
          }}
        />
      )}
      {commenting && student && item && (
        <CommentDialog
          open
          title={`${student.name}, ${item.code} ${item.label}`}
          initial={activeCell?.comment ?? ""}
          onClose={closeComment}
          onSave={(text) => {
            closeComment();
            q.comment(student.enrollmentId, item.id, text);
          }}
        />
      )}
    </div>
  );
}
