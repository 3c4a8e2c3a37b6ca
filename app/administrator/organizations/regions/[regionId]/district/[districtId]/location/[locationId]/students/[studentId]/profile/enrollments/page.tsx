import type { Metadata } from "next";
import { CustomFieldsForm } from "@/components/enrollments/custom-fields-form";
import { EnrollmentsPanel } from "@/components/enrollments/enrollments-panel";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { enrollmentFields } from "@/lib/enrollments/custom-fields";
import { listEnrollments } from "@/lib/enrollments/enrollments";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";
import { forTenant } from "@/lib/platform/tenancy";
import { pageOrigin } from "@/lib/shell/page-origin";

export const metadata: Metadata = { title: "Student enrollments" };

/** The student's enrollments (POA change) and the tenant's custom fields of the enrollment at this location. */
export default async function StudentEnrollmentsPage(props: StudentProfileParams) {
  const { actor, profile, editable } = await loadStudentProfile(props, "enrollments");
  const [enrollments, fields] = await Promise.all([
    listEnrollments(actor, profile.student.id, { origin: await pageOrigin(), details: { page: "profile/enrollments" } }),
    forTenant(actor, () => enrollmentFields(actor)),
  ]);
  const here = enrollments.find((e) => e.id === profile.enrollment.id);
  return (
    <>
      <StudentProfileHeader profile={profile} current="enrollments" />
      <div className="flex flex-col gap-6">
        <EnrollmentsPanel tenantId={actor.tenantId} studentId={profile.student.id} enrollments={enrollments} />
        {editable && here && <CustomFieldsForm enrollment={here} fields={fields} />}
      </div>
    </>
  );
}
