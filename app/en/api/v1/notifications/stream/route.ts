import { apiRoute } from "@/lib/platform/api";
import { actorFromHeaders } from "@/lib/platform/actor";
import { notificationStream } from "@/lib/notifications/live/stream";

export const dynamic = "force-dynamic";

/**
 * The live connection of the signed-in person (server-sent events, the default without Pusher): the
 * open-connection message, then a `notifications` message with the newest notifications and the
 * unread count now and after every change to theirs. Only one's own: the session names the user.
 */
export const GET = apiRoute(
  {
    summary:
      "Live notifications as server-sent events: `data:` lines of {type: 'open-connection', userId, tenantId}, then {type: 'notifications', notifications, unreadCount} at once and after every change to the caller's notifications",
    tags: ["Notifications"],
    content: "text/event-stream",
  },
  async ({ req, actor }) => notificationStream(actor, req.signal, async () => (await actorFromHeaders(req.headers))?.sessionId === actor.sessionId),
);
