import type { Metadata } from "next";
import { RosterPanel } from "@/components/enrollments/roster-panel";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";
import { listEnrollmentAssociations, locationTeachers } from "@/lib/enrollments/rosters";

export const metadata: Metadata = { title: "Student teachers" };

/** Which of the location's teachers have the student on their roster (and so on their scoring screen). */
export default async function StudentRostersPage(props: StudentProfileParams) {
  const { actor, profile, editable } = await loadStudentProfile(props, "rosters");
  const [associations, teachers] = await Promise.all([
    listEnrollmentAssociations(actor, profile.enrollment.id),
    editable && profile.enrollment.active ? locationTeachers(actor, profile.location.id) : Promise.resolve([]),
  ]);
  return (
    <>
      <StudentProfileHeader profile={profile} current="rosters" />
      <RosterPanel
        enrollmentId={profile.enrollment.id}
        regionId={profile.region.id}
        districtId={profile.district.id}
        locationId={profile.location.id}
        locationName={profile.location.name}
        associations={associations}
        teachers={teachers}
        editable={editable && profile.enrollment.active}
      />
    </>
  );
}
