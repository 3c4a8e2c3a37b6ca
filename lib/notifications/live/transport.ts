import "server-only";
import type { Actor } from "@/lib/platform/actor";
import { channelFor, STREAM_PATH, type LiveTransport } from "./channel";
import { pusherConfig } from "./pusher";

/** The transport the signed-in person's pages use: Pusher's private channel when configured, else the SSE stream. */
export function liveTransport(actor: Pick<Actor, "tenantId" | "userId">): LiveTransport {
  const config = pusherConfig();
  return config ? { kind: "pusher", key: config.key, cluster: config.cluster, channel: channelFor(actor) } : { kind: "sse", url: STREAM_PATH };
}
