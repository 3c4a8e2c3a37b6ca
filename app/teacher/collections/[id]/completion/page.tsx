import type { Metadata } from "next";
import { CompletionList, CompletionTable } from "@/components/scoring/completion";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { Card, Stat } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { getTeacherCollection } from "@/lib/collections/queries";
import { classCompletion, hierarchyCompletion, setCompletion, studentCompletion } from "@/lib/scoring/completion";
import { formatDate, formatNumber } from "@/lib/shell/format";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Completion" };

async function load(id: number, actor: Awaited<ReturnType<typeof requirePageActor>>) {
  const collection = await getTeacherCollection(actor, id);
  const [summary, domains, sets, students] = await Promise.all([
    classCompletion(actor, id),
    hierarchyCompletion(actor, id),
    setCompletion(actor, id),
    studentCompletion(actor, id),
  ]);
  return { collection, summary, domains, sets, students };
}

/** How much of a collection the teacher's class has been scored: totals, domains, sets, children, items. */
export default async function CompletionPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${id}/completion` });
  const { collection, summary, domains, sets, students } = await orNotFound(load(id, actor));
  const window = `${formatDate(new Date((collection.cycleStartDate ?? 0) * 1000))} – ${formatDate(new Date((collection.cycleEndDate ?? 0) * 1000))}`;
  return (
    <>
      <PageHeading
        title={`Completion: ${collection.collectionName}`}
        description={`Window ${window}`}
        actions={<CollectionLinks id={id} current="completion" />}
      />
      <dl className="mb-8 grid grid-cols-1 gap-4 tablet:grid-cols-3">
        <Stat label="Completion" value={`${summary.percent}%`} detail={`${formatNumber(summary.scored)} of ${formatNumber(summary.expected)} scores entered`} />
        <Stat label="Students complete" value={`${formatNumber(summary.completedStudents)} of ${formatNumber(summary.students)}`} detail="Every item scored" />
        <Stat label="Items" value={formatNumber(summary.items)} detail="In this collection" />
      </dl>
      <div className="mb-8 grid grid-cols-1 gap-6 desktop:grid-cols-2">
        <Card title="By domain">
          <CompletionList rows={domains.map((d) => ({ ...d, key: d.id, label: `${d.code} · ${d.label}` }))} empty="This assessment has no domains." />
        </Card>
        <Card title="By item set">
          <CompletionList rows={sets.map((s) => ({ ...s, key: s.id }))} empty="This collection has no item sets." />
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-6 desktop:grid-cols-2">
        <CompletionTable
          caption="By student"
          nameHeader="Student"
          rows={students.map((s) => ({ ...s, key: s.studentEnrollmentId, label: `${s.lastName}, ${s.firstName}` }))}
          empty="No students of yours are assigned to this collection."
        />
        <CompletionTable
          caption="Result by items"
          nameHeader="Item"
          rows={summary.byItem.map((i) => ({ ...i, key: i.assessmentItemsId, label: `${i.code} · ${i.label}` }))}
          empty="This collection has no items."
        />
      </div>
    </>
  );
}
