import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { tenants, users } from "@/db/schema";
import type { LiveTransport } from "@/lib/notifications/live/channel";
import { liveTransport } from "@/lib/notifications/live/transport";
import { LIVE_LIMIT } from "@/lib/notifications/schemas";
import { recentNotifications, unreadNotificationCount, type NotificationSummary } from "@/lib/notifications/unread";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { areaLinks, areaOfRole, cutName, dashboardPath, supportUrl, type Area, type AreaLink } from "./header";

/** Everything the header and sidebar show, computed on the server for one page request. */
export interface ShellModel {
  area: Area | null;
  /** The area whose sidebar and title the page shows: the page's own, else the active role's. */
  navArea: Area | null;
  tenantName: string;
  /** The tenant's own logo (an uploaded file or a URL), shown beside its name; null: the product mark. */
  tenantLogo: string | null;
  displayFirstName: string;
  displayLastName: string;
  /** Full name, for the accessible label of the profile link. */
  fullName: string;
  dashboardHref: string | null;
  areaLinks: AreaLink[];
  supportUrl: string;
  unreadCount: number;
  notifications: NotificationSummary[];
  /** How the bell follows new notifications (SSE stream or Pusher channel). */
  live: LiveTransport;
  impersonating: boolean;
}

export async function shellModel(actor: Actor, area: Area | null): Promise<ShellModel> {
  // One tenant-bound transaction for the header's three small reads (the notification reads join it).
  const [[user], unreadCount, notifications, [tenant]] = await forTenant(actor, () =>
    Promise.all([
      db()
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)))
        .limit(1),
      unreadNotificationCount(actor),
      recentNotifications(actor, LIVE_LIMIT),
      db().select({ logoUrl: tenants.logoUrl }).from(tenants).where(eq(tenants.id, actor.tenantId)).limit(1),
    ]),
  );
  const navArea = area ?? areaOfRole(actor.activeRole);
  const firstName = user?.firstName ?? "";
  const lastName = user?.lastName ?? "";
  return {
    area,
    navArea,
    tenantName: actor.tenantName,
    tenantLogo: tenant?.logoUrl ?? null,
    displayFirstName: cutName(firstName),
    displayLastName: cutName(lastName),
    fullName: `${firstName} ${lastName}`.trim(),
    // The spec's Dashboard link is the teacher's: shown while working in the teacher area.
    dashboardHref: navArea === "teacher" ? dashboardPath("teacher") : null,
    areaLinks: areaLinks(actor.roles, navArea),
    supportUrl: supportUrl(actor.activeRole, navArea),
    unreadCount,
    notifications,
    live: liveTransport(actor),
    impersonating: actor.impersonatorId !== null,
  };
}
