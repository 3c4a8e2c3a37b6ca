import type { Metadata } from "next";
import { TeacherReports } from "@/components/reports/teacher-reports";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { PageHeading } from "@/components/ui/page-heading";
import { getTeacherCollection } from "@/lib/collections/queries";
import { listReports } from "@/lib/reports/service";
import { requirePageActor } from "@/lib/shell/page-actor";
import { idSegment, orNotFound } from "@/lib/shell/page-data";

export const metadata: Metadata = { title: "Reports" };

/** A teacher's reports of one collection, over their own class: request, watch, download. */
export default async function TeacherReportsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "reports.teacher", path: `/teacher/collections/${id}/reports` });
  const [collection, { reports }] = await Promise.all([orNotFound(getTeacherCollection(actor, id)), listReports(actor, {})]);
  return (
    <>
      <PageHeading title={`Reports: ${collection.collectionName}`} description="Reports cover the students on your roster." actions={<CollectionLinks id={id} current="reports" />} />
      <TeacherReports collectionId={id} reports={reports.filter((r) => r.dataCollectionId === id)} />
    </>
  );
}
