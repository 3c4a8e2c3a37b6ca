import type { Metadata } from "next";
import { AssignmentsPanel } from "@/components/enrollments/assignments-panel";
import { ResultsTable } from "@/components/enrollments/results-table";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { assignableCollections, listAssignments } from "@/lib/enrollments/assignments";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";
import { enrollmentResults } from "@/lib/enrollments/results";

export const metadata: Metadata = { title: "Student data collections" };

/** The data collections of the student's enrollment at this location: assign (teacher type Primary) and remove; the child's results in each. */
export default async function StudentCollectionsPage(props: StudentProfileParams) {
  const { actor, profile, editable } = await loadStudentProfile(props, "collections");
  const writable = editable && profile.enrollment.active;
  const [listed, assignable, results] = await Promise.all([
    listAssignments(actor, profile.enrollment.id),
    writable ? assignableCollections(actor, profile.enrollment.id) : Promise.resolve([]),
    enrollmentResults(actor, profile.enrollment.id),
  ]);
  return (
    <>
      <StudentProfileHeader profile={profile} current="collections" />
      <AssignmentsPanel
        enrollmentId={profile.enrollment.id}
        assignments={listed.dataCollectionsStudentAssignments}
        assignable={assignable}
        editable={writable}
      />
      <ResultsTable results={results} />
    </>
  );
}
