import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { PageHeading } from "@/components/ui/page-heading";
import { EmptyState } from "@/components/ui/states";
import { announcementStatus, STATUS_STYLES } from "@/lib/announcements/status";
import { listTeacherAnnouncements, type TeacherAnnouncement } from "@/lib/announcements/teacher";
import { formatDate } from "@/lib/shell/format";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Announcements" };

type Shown = TeacherAnnouncement & { style: (typeof STATUS_STYLES)[keyof typeof STATUS_STYLES] };

function AnnouncementItem({ a, large }: { a: Shown; large?: boolean }) {
  return (
    <li className={cn("rounded-md border border-l-4 border-slate-200 bg-white px-4 py-3", a.style.accent)} data-status={a.style.label}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className={cn("font-semibold text-slate-900", large ? "text-base" : "text-sm")}>{a.title}</h3>
        <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset", a.style.badge)}>{a.style.label}</span>
      </div>
      <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{a.text}</p>
      <p className="mt-1 text-xs text-slate-600">
        {formatDate(a.startDate)} – {formatDate(a.endDate)}
      </p>
    </li>
  );
}

/** The tenant's announcements for teachers: those running now first, then upcoming and past ones, each with its status (spec §4). */
export default async function TeacherAnnouncementsPage() {
  const actor = await requirePageActor({ permission: "area.teacher", path: "/teacher/announcements" });
  const now = new Date();
  const shown: Shown[] = (await listTeacherAnnouncements(actor)).map((a) => ({
    ...a,
    style: STATUS_STYLES[announcementStatus(a.startDate, a.endDate, now) ?? "unknown"],
  }));
  const active = shown.filter((a) => a.style === STATUS_STYLES.active);
  const upcoming = shown.filter((a) => a.style === STATUS_STYLES.upcoming).reverse();
  const others = [...upcoming, ...shown.filter((a) => a.style !== STATUS_STYLES.active && a.style !== STATUS_STYLES.upcoming)];
  return (
    <>
      <PageHeading title="Announcements" description={`${actor.tenantName} · ${formatDate(now)}`} />
      {shown.length === 0 ? (
        <EmptyState title="No announcements">When your administrators post an announcement, it appears here and on your dashboard.</EmptyState>
      ) : (
        <div className="flex flex-col gap-6">
          <Card title="Active now">
            {active.length ? (
              <ul className="flex flex-col gap-3">
                {active.map((a) => (
                  <AnnouncementItem key={a.id} a={a} large />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">No announcement is running today.</p>
            )}
          </Card>
          {others.length > 0 && (
            <Card title="Upcoming and past">
              <ul className="flex flex-col gap-3">
                {others.map((a) => (
                  <AnnouncementItem key={a.id} a={a} />
                ))}
              </ul>
            </Card>
          )}
        </div>
      )}
    </>
  );
}
