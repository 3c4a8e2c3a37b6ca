import type { Metadata } from "next";
import { CollectionsTable } from "@/components/dashboards/collections-table";
import { PageHeading } from "@/components/ui/page-heading";
import { teacherDashboard } from "@/lib/dashboards/teacher";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Assessments" };

/** The teacher's assessment windows: dates, status and completion, each opening its scoring screen. */
export default async function TeacherCollectionsPage() {
  const actor = await requirePageActor({ permission: "area.teacher", path: "/teacher/collections" });
  const { collections } = await teacherDashboard(actor);
  return (
    <>
      <PageHeading title="Assessments" description="Open a data collection to score your students, or see how complete it is." />
      <CollectionsTable
        caption="My data collections"
        collections={collections}
        linkBase="/teacher/collections"
        empty="No data collections yet. When your students are assigned to a data collection, it appears here."
      />
    </>
  );
}
