"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { sendOp, sendSets, type SendOutcome, type SetOp } from "./api";
import { MAX_BATCH } from "@/lib/scoring/batch-limit";
import { forgetOp, loadPending, storeOp } from "./offline-store";
import { cellKey, type CellState, type PendingOp, type ScoringData } from "@/lib/scoring/screen-types";

const RETRY_MS = 5000;

let lastStamp = 0;
/** Queue time in ms, strictly increasing within the page: the order changes are sent in. */
const stamp = () => (lastStamp = Math.max(Date.now(), lastStamp + 1));

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

export interface CellChange {
  enrollmentId: number;
  itemId: number;
  /** null clears the cell. */
  entryId: number | null;
}

function initialCells(data: ScoringData): Record<string, CellState> {
  const cells: Record<string, CellState> = {};
  for (const g of data.grades) {
    cells[cellKey(g.enrollmentId, g.itemId)] = { gradeId: g.id, entryId: g.entryId, comment: g.comment, artifactCount: g.artifactCount };
  }
  return cells;
}

const EMPTY: CellState = { gradeId: null, entryId: null, comment: null, artifactCount: 0 };

/**
 * What to send next: the queue's leading run of grades on distinct cells (a paste, an undo, the
 * offline queue's flush), up to a batch call's limit, in one call; else its first op alone. A cell
 * repeated, a clear or a comment ends the run, so the server applies changes in queue order.
 */
function nextSend(queue: PendingOp[]): PendingOp[] {
  const run: PendingOp[] = [];
  const cells = new Set<string>();
  for (const op of queue) {
    const key = cellKey(op.enrollmentId, op.itemId);
    if (op.kind !== "set" || cells.has(key) || run.length === MAX_BATCH) break;
    cells.add(key);
    run.push(op);
  }
  return run.length ? run : queue.slice(0, 1);
}

/** What an op shows in its cell before the server answers. */
function applyOp(cell: CellState, op: PendingOp): CellState {
  const next = { ...cell, status: undefined, message: undefined, failedOp: undefined };
  if (op.kind === "set") return { ...next, entryId: op.entryId };
  if (op.kind === "clear") return { ...next, entryId: null, comment: null };
  return { ...next, comment: op.comment };
}

/**
 * Every change goes through one ordered queue: written to IndexedDB first, sent one at a time, removed
 * when the server acknowledges it. A network failure stops the queue (the changes show as pending)
 * until the 'online' event or the retry timer; the server's refusal marks the cell failed with its
 * message. Each op carries its own requestKey, so a resend after a lost answer is not applied twice.
 */
export function useSaveQueue(data: ScoringData, describe: (op: PendingOp) => string) {
  const { collectionId } = data;
  const [cells, setCells] = useState(() => initialCells(data));
  const [progress, setProgress] = useState(() => new Map(data.students.map((s) => [s.enrollmentId, s.progress])));
  const [queue, setQueue] = useState<PendingOp[]>([]);
  const [blocked, setBlocked] = useState(false);
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const [announcement, setAnnouncement] = useState("");

  const queueRef = useRef<PendingOp[]>([]);
  const gradeIds = useRef(new Map(data.grades.map((g) => [cellKey(g.enrollmentId, g.itemId), g.id])));
  const running = useRef(false);
  const storing = useRef(new Map<string, Promise<void>>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const loaded = useRef(false);
  const describeRef = useRef(describe);
  useEffect(() => {
    describeRef.current = describe;
  });

  const publish = useCallback(() => setQueue([...queueRef.current]), []);

  /** What the server answered for one op: the cell shows it, the op leaves the queue and the device. */
  const settle = useCallback(
    (op: PendingOp, outcome: Exclude<SendOutcome, { network: true }>) => {
      const key = cellKey(op.enrollmentId, op.itemId);
      queueRef.current = queueRef.current.filter((o) => o !== op);
      const more = queueRef.current.some((o) => cellKey(o.enrollmentId, o.itemId) === key);
      if (outcome.ok) {
        if (op.kind === "clear") gradeIds.current.delete(key);
        if (outcome.grade) gradeIds.current.set(key, outcome.grade.id);
        const grade = outcome.grade;
        setCells((all) => {
          const cell = all[key] ?? EMPTY;
          const next: CellState = grade
            ? { ...cell, gradeId: grade.id, artifactCount: grade.artifactCount, status: more ? undefined : "saved" }
            : { ...cell, gradeId: op.kind === "clear" ? null : cell.gradeId, status: more ? undefined : "saved" };
          if (!more && grade) next.entryId = grade.assessmentItemsScalesEntriesId;
          if (!more && grade && op.kind === "comment") next.comment = grade.comment;
          return { ...all, [key]: next };
        });
        const result = outcome.result;
        if (result) setProgress((p) => new Map(p).set(result.studentEnrollmentId, result.progress));
      } else {
        setCells((all) => ({ ...all, [key]: { ...(all[key] ?? EMPTY), status: "failed", message: outcome.message, failedOp: op } }));
      }
      return forgetOp(collectionId, op);
    },
    [collectionId],
  );

  const pump = useCallback(async () => {
    if (running.current || !loaded.current) return;
    running.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    try {
      while (queueRef.current.length) {
        const ops = nextSend(queueRef.current);
        // Sent once stored: acknowledged and forgotten before it is written, it would stay stored
        // and be sent again after a reload.
        for (const op of ops) {
          await storing.current.get(op.requestKey);
          storing.current.delete(op.requestKey);
        }
        const op = ops[0];
        const sent =
          ops.length > 1
            ? await sendSets(collectionId, ops as SetOp[])
            : await sendOp(collectionId, op, gradeIds.current.get(cellKey(op.enrollmentId, op.itemId)) ?? null);
        if (!Array.isArray(sent) && !sent.ok && sent.network) {
          setBlocked(true);
          timer.current = setTimeout(() => void pump(), RETRY_MS);
          return;
        }
        setBlocked(false);
        const outcomes = (Array.isArray(sent) ? sent : [sent]) as Exclude<SendOutcome, { network: true }>[];
        await Promise.all(ops.map((o, i) => settle(o, outcomes[i])));
        publish();
        if (ops.length === 1) {
          setAnnouncement(`${outcomes[0].ok ? "Saved" : "Not saved"}: ${describeRef.current(op)}${outcomes[0].ok ? "" : `. ${outcomes[0].message}`}`);
        } else {
          const refused = outcomes.filter((o) => !o.ok).length;
          setAnnouncement(`Saved ${ops.length - refused} of ${ops.length} changes${refused ? `; ${refused} not saved` : ""}`);
        }
      }
    } finally {
      running.current = false;
    }
  }, [collectionId, publish, settle]);

  const enqueue = useCallback(
    (unstamped: PendingOp[]) => {
      if (!unstamped.length) return;
      const ops = unstamped.map((op) => ({ ...op, queuedAt: stamp() }));
      setCells((all) => {
        const next = { ...all };
        for (const op of ops) {
          const key = cellKey(op.enrollmentId, op.itemId);
          next[key] = applyOp(next[key] ?? EMPTY, op);
        }
        return next;
      });
      for (const op of ops) storing.current.set(op.requestKey, storeOp(collectionId, op));
      queueRef.current = [...queueRef.current, ...ops];
      publish();
      void pump();
    },
    [collectionId, publish, pump],
  );

  const change = useCallback(
    (changes: CellChange[]) =>
      enqueue(
        changes.map((c): PendingOp =>
          c.entryId === null
            ? { requestKey: crypto.randomUUID(), queuedAt: 0, kind: "clear", enrollmentId: c.enrollmentId, itemId: c.itemId }
            : { requestKey: crypto.randomUUID(), queuedAt: 0, kind: "set", enrollmentId: c.enrollmentId, itemId: c.itemId, entryId: c.entryId },
        ),
      ),
    [enqueue],
  );

  const comment = useCallback(
    (enrollmentId: number, itemId: number, text: string) =>
      enqueue([{ requestKey: crypto.randomUUID(), queuedAt: 0, kind: "comment", enrollmentId, itemId, comment: text }]),
    [enqueue],
  );

  /** Sends failed changes again, each under a new key (the refused attempt wrote nothing). */
  const retry = useCallback(
    (keys?: string[]) => {
      const failed = Object.entries(cells).filter(([k, c]) => c.failedOp && (!keys || keys.includes(k)));
      enqueue(failed.map(([, c]) => ({ ...c.failedOp!, requestKey: crypto.randomUUID() })));
    },
    [cells, enqueue],
  );

  // Restore what an earlier visit left unsent, over the server's grades, then start sending.
  useEffect(() => {
    let cancelled = false;
    void loadPending(collectionId).then((all) => {
      if (cancelled) return;
      loaded.current = true;
      // Changes made since the page opened are stored too; they are already queued.
      const queued = new Set(queueRef.current.map((op) => op.requestKey));
      const stored = all.filter((op) => !queued.has(op.requestKey));
      if (stored.length) {
        setCells((all) => {
          const next = { ...all };
          for (const op of stored) {
            const key = cellKey(op.enrollmentId, op.itemId);
            next[key] = applyOp(next[key] ?? EMPTY, op);
          }
          return next;
        });
        queueRef.current = [...stored, ...queueRef.current];
        setAnnouncement(`${stored.length} unsent ${stored.length === 1 ? "change" : "changes"} restored from this device`);
      }
      publish();
      void pump();
    });
    return () => {
      cancelled = true;
    };
  }, [collectionId, publish, pump]);

  useEffect(() => {
    // Back online: send at once rather than waiting for the retry timer.
    const up = () => void pump();
    const pending = timer;
    window.addEventListener("online", up);
    return () => {
      window.removeEventListener("online", up);
      if (pending.current) clearTimeout(pending.current);
    };
  }, [pump]);

  /** The evidence dialog changed the grade's files. */
  const setArtifactCount = useCallback(
    (key: string, count: number) => setCells((all) => (all[key] ? { ...all, [key]: { ...all[key], artifactCount: count } } : all)),
    [],
  );

  return { cells, progress, queue, setArtifactCount, blocked: blocked || !online, online, announcement, setAnnouncement, change, comment, retry };
}
