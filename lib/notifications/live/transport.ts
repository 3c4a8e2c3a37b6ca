import "server-only";
import type { Actor } from "@/lib/platform/actor";
import { channelFor } from "./channel";
import { pusherConfig } from "./pusher";

/** How the browser follows its notifications: Pusher when configured, else the SSE stream. Public values only. */
export type LiveTransport = { kind: "pusher"; key: string; cluster: string; channel: string } | { kind: "sse"; url: string };

export const STREAM_PATH = "/en/api/v1/notifications/stream";
export const PUSHER_AUTH_PATH = "/en/api/v1/notifications/pusher/auth";

export function liveTransport(actor: Pick<Actor, "tenantId" | "userId">): LiveTransport {
  const config = pusherConfig();
  return config ? { kind: "pusher", key: config.key, cluster: config.cluster, channel: channelFor(actor) } : { kind: "sse", url: STREAM_PATH };
}
