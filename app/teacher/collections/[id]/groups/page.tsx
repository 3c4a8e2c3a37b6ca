import type { Metadata } from "next";
import { GroupsManager } from "@/components/groups/groups-manager";
import { CollectionLinks } from "@/components/scoring/collection-links";
import { PageHeading } from "@/components/ui/page-heading";
import { getTeacherCollection } from "@/lib/collections/queries";
import { listRosterStudents } from "@/lib/scoring/grades";
import { listTeacherGroups } from "@/lib/scoring/groups";
import { requirePageActor } from "@/lib/shell/page-actor";
import { idSegment, orNotFound } from "@/lib/shell/page-data";

export const metadata: Metadata = { title: "Groups" };

async function load(id: number, actor: Awaited<ReturnType<typeof requirePageActor>>) {
  const [collection, groups, students] = await Promise.all([getTeacherCollection(actor, id), listTeacherGroups(actor, id), listRosterStudents(actor, id)]);
  return { collection, groups, students };
}

/** The teacher's groups of students in one collection; the scoring screen filters its rows by them. */
export default async function GroupsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${id}/groups` });
  const { collection, groups, students } = await orNotFound(load(id, actor));
  return (
    <>
      <PageHeading
        title={`Groups: ${collection.collectionName}`}
        description="Choose a group on the scoring screen to see only its students."
        actions={<CollectionLinks id={id} current="groups" />}
      />
      <GroupsManager
        collectionId={id}
        groups={groups}
        students={students.map((s) => ({ studentEnrollmentId: s.studentEnrollmentId, name: `${s.lastName}, ${s.firstName}` }))}
      />
    </>
  );
}
