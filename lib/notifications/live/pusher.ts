import "server-only";
import Pusher from "pusher";
import { asSystem, database } from "@/db/client";
import type { Actor } from "@/lib/platform/actor";
import { env } from "@/lib/platform/env";
import { forbidden } from "@/lib/platform/errors";
import { errorFields, log } from "@/lib/platform/logger";
import type { NotificationsMessage } from "../schemas";
import { channelFor } from "./channel";
import { subscribeAll, type NotificationsChange } from "./hub";

/**
 * Pusher Channels, when PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET and PUSHER_CLUSTER are all set. Each
 * user has a private channel; Pusher lets a browser join it only with our signature, given by
 * `authorizeUserChannel` to the channel's owner alone. One app instance at a time (the holder of a
 * PostgreSQL advisory lock) forwards the database's changes to Pusher, so each is sent once however
 * many instances run; the message is a signal and the browser fetches GET /notifications.
 */

interface PusherConfig {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** A Pusher-compatible server elsewhere than Pusher's cloud (tests: a local HTTP server). */
  host?: string;
  port?: string;
}

export function pusherConfig(): PusherConfig | null {
  const { PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret, PUSHER_CLUSTER: cluster } = env();
  return appId && key && secret && cluster ? { appId, key, secret, cluster } : null;
}

function client(config: PusherConfig): Pusher {
  const { host, port, ...rest } = config;
  return new Pusher(host ? { ...rest, host, port, useTLS: false } : { ...rest, useTLS: true });
}

/** The signature that lets this socket join the actor's own private channel; any other channel is refused. */
export function authorizeUserChannel(actor: Actor, socketId: string, channelName: string, config = pusherConfig()) {
  if (!config) throw forbidden("Live notifications do not use Pusher here");
  if (channelName !== channelFor(actor)) throw forbidden();
  return client(config).authorizeChannel(socketId, channelName);
}

/** Pusher takes at most 10 events per batch call. */
const BATCH = 10;

/** Send one change's users their signal, 10 events a call. */
export async function forwardChange(pusher: Pusher, change: NotificationsChange): Promise<void> {
  const data: NotificationsMessage = { type: "notifications" };
  const events = change.userIds.map((userId) => ({ channel: channelFor({ tenantId: change.tenantId, userId }), name: "notifications", data }));
  for (let i = 0; i < events.length; i += BATCH) await pusher.triggerBatch(events.slice(i, i + BATCH));
}

/** Any 64-bit number of our own, the same in every instance: the forwarder's lock. */
const FORWARDER_LOCK = 7_120_017;
const RETRY_MS = 30_000;

/**
 * Whether this instance forwards: on PostgreSQL, the one holding the session advisory lock on a
 * connection of its own (released when the instance dies, then taken by another within 30 s).
 */
async function takeLead(): Promise<boolean> {
  const handle = database();
  if (handle.kind === "pglite") return true;
  const reserved = await handle.session!.reserve();
  const [row] = await reserved<{ ok: boolean }[]>`select pg_try_advisory_lock(${FORWARDER_LOCK}) as ok`;
  // The winner keeps its connection (and with it the lock) for the life of the process.
  if (!row?.ok) reserved.release();
  return Boolean(row?.ok);
}

/** Start forwarding changes to Pusher from this instance (start-up); a no-op without Pusher. */
export async function startPusherForwarder(config = pusherConfig()): Promise<void> {
  if (!config) return;
  const pusher = client(config);
  const attempt = async () => {
    try {
      if (!(await asSystem("live notifications: Pusher forwarder lock", takeLead))) {
        setTimeout(attempt, RETRY_MS).unref();
        return;
      }
      await subscribeAll((change) => {
        forwardChange(pusher, change).catch((error: unknown) => log.error("live notifications: Pusher trigger failed", errorFields(error)));
      });
      log.info("live notifications forwarded to Pusher", { cluster: config.cluster });
    } catch (error) {
      log.error("live notifications: Pusher forwarder failed to start", errorFields(error));
      setTimeout(attempt, RETRY_MS).unref();
    }
  };
  await attempt();
}
