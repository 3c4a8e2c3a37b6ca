import type { Metadata } from "next";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { StudentForm } from "@/components/students/student-form";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";
import { listRaceCodes } from "@/lib/lookups/queries";

export const metadata: Metadata = { title: "Student" };

/** The spec's page opened after a student is created (administration.md §2): demographics, editable. */
export default async function StudentDetailsPage(props: StudentProfileParams) {
  const { actor, profile } = await loadStudentProfile(props, "details");
  const raceCodes = await listRaceCodes(actor);
  return (
    <>
      <StudentProfileHeader profile={profile} current="details" />
      <StudentForm raceCodes={raceCodes} student={profile.student} />
    </>
  );
}
