import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ScoringScreen } from "@/components/scoring/scoring-screen";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { AppError } from "@/lib/platform/errors";
import { loadScoringScreen } from "@/lib/scoring/scoring-screen";
import { formatDate } from "@/lib/shell/format";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Scoring" };

/** The spreadsheet-style scoring screen of one collection: the teacher's rostered children by items. */
export default async function ScoringPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  const id = Number(raw);
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${raw}/scoring` });
  let loaded: Awaited<ReturnType<typeof loadScoringScreen>>;
  try {
    loaded = await loadScoringScreen(actor, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
  const { collection, data } = loaded;
  const day = (unix: number | null) => formatDate(new Date((unix ?? 0) * 1000));
  return (
    <>
      <PageHeading
        title={`Scoring: ${collection.collectionName}`}
        description={`${collection.schoolYear.label} · Window ${day(collection.cycleStartDate)} – ${day(collection.cycleEndDate)} · ${data.students.length} students, ${data.items.length} items`}
        actions={
          <>
            <a className={buttonClasses("secondary")} href={`/teacher/collections/${id}/students`}>
              Students
            </a>
            <a className={buttonClasses("secondary")} href={`/teacher/collections/${id}/groups`}>
              Groups
            </a>
            <a className={buttonClasses("secondary")} href={`/teacher/collections/${id}/completion`}>
              Completion
            </a>
          </>
        }
      />
      <ScoringScreen data={data} />
    </>
  );
}
