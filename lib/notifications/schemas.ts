import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* A person's own notifications on the wire (spec §3 Notification, §7 Notifications). */

export const notificationIdParams = z.object({ id: idSchema("Notification id must be a positive whole number") });
export const acknowledgeBody = z.object({
  acknowledged: z
    .union([z.literal(0), z.literal(1)], { error: "Acknowledged must be 0 or 1" })
    .describe("1 once the person has seen it; 0 marks it unread again"),
});
export const notificationsQuery = z.object({
  limit: z.coerce
    .number({ error: "Limit must be a whole number from 1 to 200" })
    .int("Limit must be a whole number from 1 to 200")
    .min(1, "Limit must be a whole number from 1 to 200")
    .max(200, "Limit must be a whole number from 1 to 200")
    .default(50),
});

const notification = z.object({
  id: z.number().int(),
  type: z.string().describe("What it is about: announcement, report, transfer, message ..."),
  message: z.string(),
  description: z.string().describe("The same text (the spec's alternative name)"),
  acknowledged: z.union([z.literal(0), z.literal(1)]),
  createdAt: z.number().int().describe("Unix seconds"),
  metadata: z.record(z.string(), z.unknown()).describe("Ids of what it is about (announcementId, reportId ...)"),
});
export type NotificationItem = z.infer<typeof notification>;

export const notificationsResponse = z.object({
  notifications: z.array(notification).describe("The newest first"),
  unreadCount: z.number().int().describe("All of the person's unacknowledged notifications, not only those listed"),
});
export const notificationResponse = z.object({ notification });
export const notificationDeletedResponse = z.object({ message: z.string() });

/** The live stream's messages (SSE `data:` lines, or Pusher events named `notifications`). */
interface OpenConnectionMessage {
  type: "open-connection";
  userId: number;
  tenantId: number;
}
export interface NotificationsMessage {
  type: "notifications";
  /** Absent on Pusher (a signal: fetch GET /notifications); present on the SSE stream. */
  notifications?: NotificationItem[];
  unreadCount?: number;
}
export type LiveMessage = OpenConnectionMessage | NotificationsMessage;

/** How many of the newest notifications the bell's panel holds. */
export const LIVE_LIMIT = 10;
