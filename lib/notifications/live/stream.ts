import "server-only";
import type { Actor } from "@/lib/platform/actor";
import { errorFields, log } from "@/lib/platform/logger";
import { listNotifications } from "../service";
import { LIVE_LIMIT, type LiveMessage } from "../schemas";
import { subscribeUser } from "./hub";

/** A comment line this often keeps proxies from closing an idle stream, and re-checks the session. */
const HEARTBEAT_MS = 25_000;
/** Changes arriving together (an announcement's rows, several acknowledgements) make one message. */
const COALESCE_MS = 50;

const encoder = new TextEncoder();
const frame = (message: LiveMessage) => encoder.encode(`data: ${JSON.stringify(message)}\n\n`);

/**
 * The signed-in person's live notifications as server-sent events: first the spec's open-connection
 * message {userId, tenantId, type: 'open-connection'}, then {type: 'notifications', notifications,
 * unreadCount} now and after every change to their notifications, wherever it was made. Only the
 * actor's own changes are followed; `stillSignedIn` is asked at each heartbeat and the stream ends
 * once the session has (logout, end of impersonation, a locked account).
 */
export function notificationStream(actor: Actor, signal: AbortSignal, stillSignedIn: () => Promise<boolean>, heartbeatMs = HEARTBEAT_MS): Response {
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let pending: ReturnType<typeof setTimeout> | null = null;
      let unsubscribe = () => {};
      const write = (chunk: Uint8Array) => {
        if (!closed) controller.enqueue(chunk);
      };
      const push = async () => {
        pending = null;
        try {
          const state = await listNotifications(actor, LIVE_LIMIT);
          write(frame({ type: "notifications", ...state }));
        } catch (error) {
          log.error("live notifications: read failed", { userId: actor.userId, ...errorFields(error) });
        }
      };
      const heartbeat = setInterval(async () => {
        if (!(await stillSignedIn().catch(() => false))) return stop();
        write(encoder.encode(": keep-alive\n\n"));
      }, heartbeatMs);
      stop = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        if (pending) clearTimeout(pending);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      signal.addEventListener("abort", stop, { once: true });
      // Tell the browser to wait 5 s before reconnecting after a drop.
      write(encoder.encode("retry: 5000\n\n"));
      write(frame({ type: "open-connection", userId: actor.userId, tenantId: actor.tenantId }));
      try {
        unsubscribe = await subscribeUser(actor.tenantId, actor.userId, () => {
          pending ??= setTimeout(push, COALESCE_MS);
        });
      } catch (error) {
        log.error("live notifications: listen failed", errorFields(error));
        return stop();
      }
      if (closed) unsubscribe();
      await push();
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: compression would buffer the events; no-store: never cached.
      "cache-control": "no-store, no-transform",
      connection: "keep-alive",
      // nginx and similar proxies pass each event on at once instead of buffering the answer.
      "x-accel-buffering": "no",
    },
  });
}
