import type { Metadata } from "next";
import { ChildResultsView } from "@/components/results/child-results";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";
import { childResults } from "@/lib/results/child-results";

export const metadata: Metadata = { title: "Student results over time" };

/** Every collection the child was assessed in, across school years and schools (the tab's opening is audited as the profile's view). */
export default async function StudentResultsOverTimePage(props: StudentProfileParams) {
  const { actor, profile } = await loadStudentProfile(props, "results");
  const data = await childResults(actor, profile.student.id);
  return (
    <>
      <StudentProfileHeader profile={profile} current="results" />
      <h2 className="mb-4 text-lg font-semibold text-slate-900">Results over time</h2>
      <ChildResultsView data={data} />
    </>
  );
}
