import type { Metadata } from "next";
import { NotificationsList } from "@/components/notifications/notifications-list";
import { PageHeading } from "@/components/ui/page-heading";
import { listNotifications } from "@/lib/notifications/service";
import { areaOfRole } from "@/lib/shell/header";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Notifications" };

/** Every signed-in person's own notifications (the bell shows the newest ten and links here). */
export default async function NotificationsPage() {
  const actor = await requirePageActor({ path: "/notifications" });
  const { notifications, unreadCount } = await listNotifications(actor, 200);
  return (
    <>
      <PageHeading title="Notifications" description="Finished reports, approved transfers and announcements, newest first." />
      <NotificationsList
        unread={unreadCount}
        area={areaOfRole(actor.activeRole)}
        items={notifications.map((n) => ({
          id: n.id,
          message: n.message,
          acknowledged: n.acknowledged === 1,
          createdAt: new Date(n.createdAt * 1000).toISOString(),
          type: n.type,
          metadata: n.metadata,
        }))}
      />
    </>
  );
}
