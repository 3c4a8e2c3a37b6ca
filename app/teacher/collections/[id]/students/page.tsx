import type { Metadata } from "next";
import { RatingSheetButton } from "@/components/score-sheets/rating-sheet-button";
import { ClassScoreSheet } from "@/components/score-sheets/score-sheet-buttons";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { Progress } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { PlainTable } from "@/components/ui/plain-table";
import { hasFeature, RATING_SHEET_FEATURE } from "@/lib/auth/features";
import { loadClassList } from "@/lib/scoring/student-page";
import { requirePageActor } from "@/lib/shell/page-actor";
import { idSegment, orNotFound } from "@/lib/shell/page-data";

export const metadata: Metadata = { title: "Class list" };

/** The teacher's children in a collection with their progress and level, each opening the child's page. */
export default async function ClassListPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${id}/students` });
  const { collection, students } = await orNotFound(loadClassList(actor, id));
  return (
    <>
      <PageHeading
        title={`Class list: ${collection.collectionName}`}
        description="Open a child to see their results, supports, grade history and milestones."
        actions={<CollectionLinks id={id} current="students" />}
      />
      {students.length > 0 && (
        <div className="mb-4 flex flex-wrap items-center justify-end gap-4">
          {hasFeature(actor, RATING_SHEET_FEATURE) && <RatingSheetButton collectionId={id} />}
          <ClassScoreSheet collectionId={id} />
        </div>
      )}
      <PlainTable
        label="Students table"
        caption="Students"
        showCaption
        columns={["Student", "State id", "Progress", "Performance level"]}
        rows={students}
        empty="No students of yours are assigned to this collection."
      >
        {(s) => (
          <tr key={s.studentEnrollmentId} className="border-t border-slate-200 hover:bg-slate-50">
            <th scope="row" className="font-normal">
              <a
                className="font-medium text-brand-700 underline-offset-2 hover:underline"
                href={`/teacher/collections/${id}/students/${s.studentEnrollmentId}`}
              >
                {s.lastName}, {s.firstName}
              </a>
            </th>
            <td className="text-slate-700 tabular-nums">{s.tenantUniqueId}</td>
            <td className="w-56">
              <Progress value={s.progress} label={`Progress of ${s.firstName} ${s.lastName}`} />
            </td>
            <td className="text-slate-800">{s.levelLabel ?? <span className="text-slate-600">Not yet</span>}</td>
          </tr>
        )}
      </PlainTable>
    </>
  );
}
