import type { Metadata } from "next";
import { ScoringScreen } from "@/components/scoring/scoring-screen";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { PageHeading } from "@/components/ui/page-heading";
import { loadScoringScreen } from "@/lib/scoring/scoring-screen";
import { formatDate } from "@/lib/shell/format";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Scoring" };

/**
 * The spreadsheet-style scoring screen of one collection: the teacher's rostered children by items.
 * `?previous=1` adds each child's level in the previous checkpoint of the same assessment.
 */
export default async function ScoringPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ previous?: string | string[] }>;
}) {
  const id = idSegment((await params).id);
  const previous = (await searchParams).previous === "1";
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${id}/scoring` });
  const { collection, data } = await orNotFound(loadScoringScreen(actor, id, new Date(), { previous }));
  const day = (unix: number | null) => formatDate(new Date((unix ?? 0) * 1000));
  return (
    <>
      <PageHeading
        title={`Scoring: ${collection.collectionName}`}
        description={`${collection.schoolYear.label} · Window ${day(collection.cycleStartDate)} – ${day(collection.cycleEndDate)} · ${data.students.length} students, ${data.items.length} items`}
        actions={<CollectionLinks id={id} current="scoring" />}
      />
      <p className="mb-3 text-sm">
        <a
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          href={`/teacher/collections/${id}/scoring${previous ? "" : "?previous=1"}`}
        >
          {previous ? "Hide the previous checkpoint's levels" : "Show each child's level in the previous checkpoint"}
        </a>
      </p>
      <ScoringScreen data={data} />
    </>
  );
}
