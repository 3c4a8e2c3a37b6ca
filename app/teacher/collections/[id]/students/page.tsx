import type { Metadata } from "next";
import { RatingSheetButton } from "@/components/score-sheets/rating-sheet-button";
import { ClassScoreSheet } from "@/components/score-sheets/score-sheet-buttons";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { Progress } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
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
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xs">
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Students table">
          <table className="w-full text-left text-sm">
            <caption className="border-b border-slate-200 px-5 py-3 text-left text-base font-semibold text-slate-900">Students</caption>
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium">
                  Student
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  State id
                </th>
                <th scope="col" className="w-56 px-5 py-2 font-medium">
                  Progress
                </th>
                <th scope="col" className="px-5 py-2 font-medium">
                  Performance level
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {students.length === 0 && (
                <tr>
                  <td colSpan={4} className="px-5 py-6 text-center text-slate-600">
                    No students of yours are assigned to this collection.
                  </td>
                </tr>
              )}
              {students.map((s) => (
                <tr key={s.studentEnrollmentId} className="hover:bg-slate-50">
                  <th scope="row" className="px-5 py-2 font-normal">
                    <a
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                      href={`/teacher/collections/${id}/students/${s.studentEnrollmentId}`}
                    >
                      {s.lastName}, {s.firstName}
                    </a>
                  </th>
                  <td className="px-5 py-2 text-slate-700 tabular-nums">{s.tenantUniqueId}</td>
                  <td className="px-5 py-2">
                    <Progress value={s.progress} label={`Progress of ${s.firstName} ${s.lastName}`} />
                  </td>
                  <td className="px-5 py-2 text-slate-800">{s.levelLabel ?? <span className="text-slate-600">Not yet</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}
