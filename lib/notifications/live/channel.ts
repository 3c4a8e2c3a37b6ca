/* What the browser and the server share about the live connection (no secrets, no server imports). */

/** A user's own private channel on Pusher (the `private-` prefix makes Pusher ask us before a browser joins). */
export function channelFor(user: { tenantId: number; userId: number }): string {
  return `private-user-${user.tenantId}-${user.userId}`;
}

export const STREAM_PATH = "/en/api/v1/notifications/stream";
export const PUSHER_AUTH_PATH = "/en/api/v1/notifications/pusher/auth";
export const NOTIFICATIONS_PATH = "/en/api/v1/notifications";

/** How the browser follows its notifications: Pusher when configured, else the SSE stream. Public values only. */
export type LiveTransport = { kind: "pusher"; key: string; cluster: string; channel: string } | { kind: "sse"; url: string };
