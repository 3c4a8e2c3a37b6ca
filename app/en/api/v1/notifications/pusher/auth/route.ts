import { z } from "zod";
import { apiRoute } from "@/lib/platform/api";
import { authorizeUserChannel } from "@/lib/notifications/live/pusher";

const body = z.object({
  socket_id: z.string({ error: "socket_id is required" }).regex(/^\d+\.\d+$/, "socket_id is not a Pusher socket id"),
  channel_name: z.string({ error: "channel_name is required" }).max(200, "channel_name is too long"),
});
const response = z.object({ auth: z.string().describe("key:signature, as pusher-js expects") });

/** Pusher's private-channel authorisation: signed only for the caller's own channel (403 otherwise, and when Pusher is not in use). */
export const POST = apiRoute(
  { summary: "Authorise the browser's Pusher socket to join the caller's own private notifications channel", tags: ["Notifications"], body, response },
  async ({ actor, body }) => authorizeUserChannel(actor, body.socket_id, body.channel_name),
);
