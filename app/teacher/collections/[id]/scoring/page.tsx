import type { Metadata } from "next";
import { ScoringScreen } from "@/components/scoring/scoring-screen";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { PageHeading } from "@/components/ui/page-heading";
import { loadScoringScreen } from "@/lib/scoring/scoring-screen";
import { formatDate } from "@/lib/shell/format";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Scoring" };

/** The spreadsheet-style scoring screen of one collection: the teacher's rostered children by items. */
export default async function ScoringPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${id}/scoring` });
  const { collection, data } = await orNotFound(loadScoringScreen(actor, id));
  const day = (unix: number | null) => formatDate(new Date((unix ?? 0) * 1000));
  return (
    <>
      <PageHeading
        title={`Scoring: ${collection.collectionName}`}
        description={`${collection.schoolYear.label} · Window ${day(collection.cycleStartDate)} – ${day(collection.cycleEndDate)} · ${data.students.length} students, ${data.items.length} items`}
        actions={<CollectionLinks id={id} current="scoring" />}
      />
      <ScoringScreen data={data} />
    </>
  );
}
