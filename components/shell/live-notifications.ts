"use client";

import { useCallback, useSyncExternalStore } from "react";
import { NOTIFICATIONS_PATH, PUSHER_AUTH_PATH, type LiveTransport } from "@/lib/notifications/live/channel";
import type { LiveMessage, NotificationItem } from "@/lib/notifications/schemas";

/**
 * The person's notifications in the browser: one store and one live connection per page, shared by
 * the header's bells (desktop bar and phone header). SSE messages carry the new state; a Pusher
 * message is a signal, answered by fetching GET /notifications. Acknowledge and remove call the API
 * and show the change at once; the pushed state that follows confirms it.
 */

export interface BellItem {
  id: number;
  message: string;
  acknowledged: boolean;
  createdAt: string;
  type: string;
  metadata: Record<string, unknown>;
}
interface BellState {
  count: number;
  items: BellItem[];
}

const LIMIT = 10;
let state: BellState | null = null;
const listeners = new Set<() => void>();
let connection: { key: string; stop: () => void } | null = null;

function set(next: BellState) {
  state = next;
  for (const listener of listeners) listener();
}

const fromWire = (items: NotificationItem[]): BellItem[] =>
  items.map((n) => ({
    id: n.id,
    message: n.message,
    acknowledged: n.acknowledged === 1,
    createdAt: new Date(n.createdAt * 1000).toISOString(),
    type: n.type,
    metadata: n.metadata,
  }));

async function refresh(): Promise<void> {
  const res = await fetch(`${NOTIFICATIONS_PATH}?limit=${LIMIT}`, { credentials: "same-origin", cache: "no-store" }).catch(() => null);
  if (!res?.ok) return;
  const body = (await res.json()) as { notifications: NotificationItem[]; unreadCount: number };
  set({ count: body.unreadCount, items: fromWire(body.notifications) });
}

function receive(message: LiveMessage) {
  if (message.type !== "notifications") return;
  if (message.notifications && message.unreadCount !== undefined) set({ count: message.unreadCount, items: fromWire(message.notifications) });
  else void refresh();
}

function connectSse(url: string): () => void {
  // EventSource reconnects by itself after a drop (the stream asks for 5 s); each reconnect sends the state again.
  const source = new EventSource(url);
  source.onmessage = (event: MessageEvent<string>) => {
    try {
      receive(JSON.parse(event.data) as LiveMessage);
    } catch {
      // A malformed line is skipped; the next message carries the whole state.
    }
  };
  return () => source.close();
}

function connectPusher(transport: Extract<LiveTransport, { kind: "pusher" }>): () => void {
  let stopped = false;
  let disconnect = () => {};
  void import("pusher-js").then(({ default: Pusher }) => {
    if (stopped) return;
    const client = new Pusher(transport.key, {
      cluster: transport.cluster,
      channelAuthorization: {
        endpoint: PUSHER_AUTH_PATH,
        transport: "ajax",
        // JSON to our API (its one body format), with the session cookie and a same-origin Origin.
        customHandler: ({ socketId, channelName }, callback) => {
          fetch(PUSHER_AUTH_PATH, {
            method: "POST",
            credentials: "same-origin",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
          })
            .then(async (res) => (res.ok ? callback(null, (await res.json()) as { auth: string }) : callback(new Error(`auth ${res.status}`), null)))
            .catch((error: Error) => callback(error, null));
        },
      },
    });
    client.subscribe(transport.channel).bind("notifications", receive);
    // What arrived while the socket was connecting.
    client.connection.bind("connected", () => void refresh());
    disconnect = () => client.disconnect();
  });
  return () => {
    stopped = true;
    disconnect();
  };
}

const transportKey = (t: LiveTransport) => (t.kind === "sse" ? `sse:${t.url}` : `pusher:${t.channel}`);

function subscribe(transport: LiveTransport, listener: () => void): () => void {
  listeners.add(listener);
  const key = transportKey(transport);
  if (connection?.key !== key) {
    connection?.stop();
    connection = { key, stop: transport.kind === "sse" ? connectSse(transport.url) : connectPusher(transport) };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    connection?.stop();
    connection = null;
    state = null;
  };
}

async function change(method: "PUT" | "DELETE", id: number, optimistic: (s: BellState) => BellState) {
  if (state) set(optimistic(state));
  const res = await fetch(`${NOTIFICATIONS_PATH}/${id}`, {
    method,
    credentials: "same-origin",
    // The list shows the change at once, so a person may leave the page at once: the request must outlive it.
    keepalive: true,
    headers: { "content-type": "application/json" },
    body: method === "PUT" ? JSON.stringify({ acknowledged: 1 }) : undefined,
  }).catch(() => null);
  if (!res?.ok) await refresh();
}

export function acknowledge(id: number): Promise<void> {
  return change("PUT", id, (s) => ({
    count: Math.max(0, s.count - (s.items.some((n) => n.id === id && !n.acknowledged) ? 1 : 0)),
    items: s.items.map((n) => (n.id === id ? { ...n, acknowledged: true } : n)),
  }));
}

export function remove(id: number): Promise<void> {
  return change("DELETE", id, (s) => ({
    count: Math.max(0, s.count - (s.items.some((n) => n.id === id && !n.acknowledged) ? 1 : 0)),
    items: s.items.filter((n) => n.id !== id),
  }));
}

/** The live state, starting from what the server rendered. */
export function useLiveNotifications(initial: BellState, transport: LiveTransport): BellState {
  // The server hands a new transport object with every render: it is the same transport while its text is.
  const same = JSON.stringify(transport);
  const sub = useCallback((listener: () => void) => subscribe(JSON.parse(same) as LiveTransport, listener), [same]);
  return useSyncExternalStore(
    sub,
    () => state ?? initial,
    () => initial,
  );
}
