import type { Metadata } from "next";
import { AnnouncementsManager } from "@/components/announcements/announcements-manager";
import { PageHeading } from "@/components/ui/page-heading";
import { listAnnouncements } from "@/lib/announcements/admin";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Announcements" };

/** The tenant's announcements for administrators: every status, with create, edit and delete. */
export default async function AdministratorAnnouncementsPage() {
  const actor = await requirePageActor({ permission: "announcements.manage", path: "/administrator/announcements" });
  const announcements = await listAnnouncements(actor);
  return (
    <>
      <PageHeading title="Announcements" description={`Messages to every teacher of ${actor.tenantName}, shown between their start and end dates`} />
      <AnnouncementsManager announcements={announcements} />
    </>
  );
}
