import type { Metadata } from "next";
import { CollectionsTable } from "@/components/dashboards/collections-table";
import { InfoSheetCard } from "@/components/info-sheet/info-sheet-card";
import { Card, Stat } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { teacherDashboard } from "@/lib/dashboards/teacher";
import { hasInfoSheet } from "@/lib/info-sheet/service";
import { formatDate, formatNumber } from "@/lib/shell/format";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Teacher dashboard" };

export default async function TeacherDashboardPage() {
  const actor = await requirePageActor({ permission: "area.teacher", path: "/teacher/dashboard" });
  const [data, infoSheet] = await Promise.all([teacherDashboard(actor), hasInfoSheet(actor)]);
  return (
    <>
      <PageHeading title="Teacher dashboard" description={`${actor.tenantName} · ${formatDate(new Date())}`} />
      <dl className="mb-8 grid grid-cols-1 gap-4 tablet:grid-cols-3">
        <Stat label="My students" value={formatNumber(data.rosteredStudents)} detail="Children on your roster" />
        <Stat label="Open collections" value={formatNumber(data.openCollections)} detail="Assessment windows open now" />
        <Stat label="Completion" value={`${data.completion}%`} detail="Scores entered in open collections" />
      </dl>
      {data.announcements.length > 0 && (
        <Card title="Announcements" className="mb-8">
          <ul className="flex flex-col divide-y divide-slate-200">
            {data.announcements.map((a) => (
              <li key={a.id} className="py-3 first:pt-0 last:pb-0">
                <p className="font-medium text-slate-900">{a.title}</p>
                <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{a.text}</p>
                <p className="mt-1 text-xs text-slate-600">Until {formatDate(a.endDate)}</p>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <InfoSheetCard available={infoSheet} />
      <CollectionsTable
        caption="My data collections"
        collections={data.collections}
        linkBase="/teacher/collections"
        empty="No data collections yet. When your students are assigned to a data collection, it appears here."
      />
    </>
  );
}
