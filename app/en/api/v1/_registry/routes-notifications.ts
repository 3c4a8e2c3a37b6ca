import "server-only";
import type { ApiRouteModule } from "@/lib/platform/openapi/route-module";
import * as announcements from "@/app/en/api/v1/announcements/route";
import * as notifications from "@/app/en/api/v1/notifications/route";
import * as notificationsId from "@/app/en/api/v1/notifications/[id]/route";
import * as notificationsPusherAuth from "@/app/en/api/v1/notifications/pusher/auth/route";
import * as notificationsStream from "@/app/en/api/v1/notifications/stream/route";

/** The notifications area's API routes (see routes.ts). */
export const NOTIFICATIONS_ROUTES: readonly ApiRouteModule[] = [
  { path: "/announcements", module: announcements },
  { path: "/notifications", module: notifications },
  { path: "/notifications/{id}", module: notificationsId },
  { path: "/notifications/stream", module: notificationsStream },
  { path: "/notifications/pusher/auth", module: notificationsPusherAuth },
];
