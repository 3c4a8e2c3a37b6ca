import type { Metadata } from "next";
import { IsrManager } from "@/components/isr/isr-manager";
import { TeacherReports } from "@/components/reports/teacher-reports";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { PageHeading } from "@/components/ui/page-heading";
import { getTeacherCollection } from "@/lib/collections/queries";
import { listOutputs } from "@/lib/isr/service";
import { listReports } from "@/lib/reports/service";
import { requirePageActor } from "@/lib/shell/page-actor";
import { idSegment, orNotFound } from "@/lib/shell/page-data";

export const metadata: Metadata = { title: "Reports" };

/** A teacher's reports of one collection, over their own class: request, watch, download. */
export default async function TeacherReportsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "reports.teacher", path: `/teacher/collections/${id}/reports` });
  const [collection, { reports }] = await Promise.all([orNotFound(getTeacherCollection(actor, id)), listReports(actor, {})]);
  const isrs = await listOutputs(actor, id);
  return (
    <>
      <PageHeading
        title={`Reports: ${collection.collectionName}`}
        description="Reports cover the students on your roster."
        actions={<CollectionLinks id={id} current="reports" />}
      />
      <TeacherReports collectionId={id} reports={reports.filter((r) => r.dataCollectionId === id)} />
      <div className="mt-8">
        <IsrManager collectionId={id} initial={isrs} scope="ISRs cover the students on your roster." />
      </div>
    </>
  );
}
