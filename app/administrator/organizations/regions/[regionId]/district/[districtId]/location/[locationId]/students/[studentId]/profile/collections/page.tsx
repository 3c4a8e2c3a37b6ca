import type { Metadata } from "next";
import { AssignmentsPanel } from "@/components/enrollments/assignments-panel";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { assignableCollections, listAssignments } from "@/lib/enrollments/assignments";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";

export const metadata: Metadata = { title: "Student data collections" };

/** The data collections of the student's enrollment at this location: assign (teacher type Primary) and remove. */
export default async function StudentCollectionsPage(props: StudentProfileParams) {
  const { actor, profile, editable } = await loadStudentProfile(props, "collections");
  const writable = editable && profile.enrollment.active;
  const [listed, assignable] = await Promise.all([listAssignments(actor, profile.enrollment.id), writable ? assignableCollections(actor, profile.enrollment.id) : Promise.resolve([])]);
  return (
    <>
      <StudentProfileHeader profile={profile} current="collections" />
      <AssignmentsPanel enrollmentId={profile.enrollment.id} assignments={listed.dataCollectionsStudentAssignments} assignable={assignable} editable={writable} />
    </>
  );
}
