import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GroupsManager } from "@/components/groups/groups-manager";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { getTeacherCollection } from "@/lib/collections/queries";
import { AppError } from "@/lib/platform/errors";
import { listRosterStudents } from "@/lib/scoring/grades";
import { listTeacherGroups } from "@/lib/scoring/groups";
import { requirePageActor } from "@/lib/shell/page-actor";
import { createGroupAction, deleteGroupAction, updateGroupAction } from "./actions";

export const metadata: Metadata = { title: "Groups" };

async function load(id: number, actor: Awaited<ReturnType<typeof requirePageActor>>) {
  try {
    const [collection, groups, students] = await Promise.all([getTeacherCollection(actor, id), listTeacherGroups(actor, id), listRosterStudents(actor, id)]);
    return { collection, groups, students };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) notFound();
    throw error;
  }
}

/** The teacher's groups of students in one collection; the scoring screen filters its rows by them. */
export default async function GroupsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  if (!/^\d{1,9}$/.test(raw)) notFound();
  const id = Number(raw);
  const actor = await requirePageActor({ permission: "area.teacher", path: `/teacher/collections/${raw}/groups` });
  const { collection, groups, students } = await load(id, actor);
  return (
    <>
      <PageHeading
        title={`Groups: ${collection.collectionName}`}
        description="Choose a group on the scoring screen to see only its students."
        actions={
          <a className={buttonClasses("secondary")} href={`/teacher/collections/${id}/scoring`}>
            Back to scoring
          </a>
        }
      />
      <GroupsManager
        collectionId={id}
        groups={groups}
        students={students.map((s) => ({ studentEnrollmentId: s.studentEnrollmentId, name: `${s.lastName}, ${s.firstName}` }))}
        createGroup={createGroupAction}
        updateGroup={updateGroupAction}
        deleteGroup={deleteGroupAction}
      />
    </>
  );
}
