import { apiRoute } from "@/lib/platform/api";
import { notificationsQuery, notificationsResponse } from "@/lib/notifications/schemas";
import { listNotifications } from "@/lib/notifications/service";

export const GET = apiRoute(
  {
    summary: "The caller's own newest notifications and their unread count (the bell's badge)",
    tags: ["Notifications"],
    query: notificationsQuery,
    response: notificationsResponse,
  },
  async ({ actor, query }) => listNotifications(actor, query.limit),
);
