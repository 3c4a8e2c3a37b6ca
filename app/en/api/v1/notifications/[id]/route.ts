import { apiRoute } from "@/lib/platform/api";
import { originOf } from "@/lib/platform/audit";
import { acknowledgeBody, notificationDeletedResponse, notificationIdParams, notificationResponse } from "@/lib/notifications/schemas";
import { acknowledgeNotification, removeNotification } from "@/lib/notifications/service";

export const PUT = apiRoute(
  {
    summary: "Acknowledge one of the caller's notifications (acknowledged 1, on click) or mark it unread (0); anyone else's is 404",
    tags: ["Notifications"],
    params: notificationIdParams,
    body: acknowledgeBody,
    response: notificationResponse,
  },
  async ({ req, actor, params, body, requestId }) => ({
    notification: await acknowledgeNotification(actor, params.id, body.acknowledged, originOf(req, requestId)),
  }),
);

export const DELETE = apiRoute(
  {
    summary: "Remove one of the caller's notifications; anyone else's is 404",
    tags: ["Notifications"],
    params: notificationIdParams,
    response: notificationDeletedResponse,
  },
  async ({ req, actor, params, requestId }) => {
    await removeNotification(actor, params.id, originOf(req, requestId));
    return { message: "Notification successfully removed" };
  },
);
