import { createStore, del, entries, set, type UseStore } from "idb-keyval";
import type { PendingOp } from "@/lib/scoring/screen-types";

/*
 * Changes not yet acknowledged by the server, in IndexedDB: they survive a reload or a closed tab
 * while the connection is down. One entry per change, keyed by collection and queue time, so two
 * tabs of the same collection add and remove their own changes without overwriting each other's
 * (and a change both tabs send is applied once: it carries one requestKey).
 */

let store: UseStore | null = null;
const scoringStore = () => (store ??= createStore("assessment-scoring", "pending"));
const prefix = (collectionId: number) => `collection:${collectionId}:`;
const keyOf = (collectionId: number, op: PendingOp) => `${prefix(collectionId)}${String(op.queuedAt).padStart(16, "0")}:${op.requestKey}`;

/** The collection's stored changes, oldest first. */
export async function loadPending(collectionId: number): Promise<PendingOp[]> {
  try {
    const all = await entries<string, PendingOp>(scoringStore());
    return all
      .filter(([key]) => String(key).startsWith(prefix(collectionId)))
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([, op]) => op);
  } catch {
    return [];
  }
}

// Without IndexedDB (some private windows) the queue still lives in memory for this page.
export async function storeOp(collectionId: number, op: PendingOp): Promise<void> {
  await set(keyOf(collectionId, op), op, scoringStore()).catch(() => {});
}

export async function forgetOp(collectionId: number, op: PendingOp): Promise<void> {
  await del(keyOf(collectionId, op), scoringStore()).catch(() => {});
}
