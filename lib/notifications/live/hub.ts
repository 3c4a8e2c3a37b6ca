import "server-only";
import { asSystem, database, type DatabaseHandle } from "@/db/client";
import { errorFields, log } from "@/lib/platform/logger";

/**
 * One LISTEN on channel 'notifications' per app process (migration 0017's trigger announces every
 * statement that changes notifications, at commit), fanned out to this process's subscribers: the
 * SSE streams of the users connected here, and the Pusher forwarder. On PostgreSQL every instance
 * listens on its own dedicated connection, so a row inserted by any instance or worker reaches the
 * users connected to every instance; on PGlite (one process) its own listen/notify does the same.
 */

export interface NotificationsChange {
  op: "insert" | "update" | "delete";
  tenantId: number;
  userIds: number[];
}

type Listener = (change: NotificationsChange) => void;

interface Hub {
  /** The database the LISTEN runs on (tests install a database per file: a new one re-listens). */
  handle: DatabaseHandle | null;
  started: Promise<void> | null;
  users: Map<string, Set<Listener>>;
  everything: Set<Listener>;
}

const holder = globalThis as unknown as { __notificationsHub?: Hub };
const hub = (): Hub => (holder.__notificationsHub ??= { handle: null, started: null, users: new Map(), everything: new Set() });

const CHANNEL = "notifications";
const key = (tenantId: number, userId: number) => `${tenantId}:${userId}`;

function parse(payload: string): NotificationsChange | null {
  try {
    const value = JSON.parse(payload) as Partial<NotificationsChange>;
    if (typeof value.tenantId !== "number" || !Array.isArray(value.userIds)) return null;
    return { op: value.op ?? "insert", tenantId: value.tenantId, userIds: value.userIds.filter((id): id is number => typeof id === "number") };
  } catch {
    return null;
  }
}

function call(listener: Listener, change: NotificationsChange): void {
  try {
    listener(change);
  } catch (error) {
    log.error("live notification listener failed", errorFields(error));
  }
}

/** Deliver one announced change to the subscribers of its users, and to those of everything. */
function dispatch(payload: string): void {
  const change = parse(payload);
  if (!change) return;
  const { users, everything } = hub();
  for (const listener of everything) call(listener, change);
  for (const userId of change.userIds) {
    for (const listener of users.get(key(change.tenantId, userId)) ?? []) call(listener, change);
  }
}

/** Start listening once per database; later calls wait for the same start. */
function ensureListening(): Promise<void> {
  const state = hub();
  const handle = database();
  if (state.started && state.handle === handle) return state.started;
  state.handle = handle;
  // Outside any request's tenant binding: the listen connection lives on after the request.
  state.started = asSystem("live notifications: listen for changes", async () => {
    if (handle.kind === "postgres") {
      // postgres.js keeps a dedicated connection for LISTEN and re-listens after a reconnect; a
      // session of its own, so never through a transaction pooler.
      await handle.session!.listen(CHANNEL, dispatch);
    } else {
      await handle.pglite!.listen(CHANNEL, dispatch);
    }
    log.info("live notifications listening", { database: handle.kind });
  }).catch((error: unknown) => {
    state.started = null;
    throw error;
  });
  return state.started;
}

/** Follow one user's notifications in this process; answers the unsubscribe. */
export async function subscribeUser(tenantId: number, userId: number, listener: Listener): Promise<() => void> {
  const { users } = hub();
  const k = key(tenantId, userId);
  let set = users.get(k);
  if (!set) users.set(k, (set = new Set()));
  set.add(listener);
  const unsubscribe = () => {
    set.delete(listener);
    if (!set.size) users.delete(k);
  };
  try {
    await ensureListening();
  } catch (error) {
    unsubscribe();
    throw error;
  }
  return unsubscribe;
}

/** Follow every change (the Pusher forwarder); answers the unsubscribe. */
export async function subscribeAll(listener: Listener): Promise<() => void> {
  const { everything } = hub();
  everything.add(listener);
  await ensureListening();
  return () => everything.delete(listener);
}
