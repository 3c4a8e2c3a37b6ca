import { createStore, del, get, set, type UseStore } from "idb-keyval";
import type { PendingOp } from "@/lib/scoring/screen-types";

/*
 * Changes not yet acknowledged by the server, per collection, in IndexedDB: they survive a reload or
 * a closed tab while the connection is down. One key per collection holds the ordered list.
 */

let store: UseStore | null = null;
const scoringStore = () => (store ??= createStore("assessment-scoring", "pending"));
const keyOf = (collectionId: number) => `collection:${collectionId}`;

export async function loadPending(collectionId: number): Promise<PendingOp[]> {
  try {
    return (await get<PendingOp[]>(keyOf(collectionId), scoringStore())) ?? [];
  } catch {
    return [];
  }
}

export async function savePending(collectionId: number, ops: PendingOp[]): Promise<void> {
  try {
    if (ops.length) await set(keyOf(collectionId), ops, scoringStore());
    else await del(keyOf(collectionId), scoringStore());
  } catch {
    // Private browsing without IndexedDB: the queue still lives in memory for this page.
  }
}
