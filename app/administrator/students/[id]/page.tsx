import type { Metadata } from "next";
import Link from "next/link";
import { StudentForm } from "@/components/students/student-form";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { studentProfilePath } from "@/lib/enrollments/paths";
import { studentHome } from "@/lib/enrollments/profile";
import { listRaceCodes } from "@/lib/lookups/queries";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { pageOrigin } from "@/lib/shell/page-origin";
import { getStudent } from "@/lib/students/admin-list";

export const metadata: Metadata = { title: "Edit student" };

export default async function EditStudentPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "students.manage", path: `/administrator/students/${id}` });
  const [student, raceCodes, home] = await Promise.all([
    orNotFound(getStudent(actor, id, new Date(), { origin: await pageOrigin(), details: { page: "edit" } })),
    listRaceCodes(actor),
    orNotFound(studentHome(actor, id)),
  ]);
  return (
    <>
      <PageHeading
        title={`${student.firstName} ${student.lastName}`}
        description={`State ID ${student.tenantUniqueId} · ${student.locationName ?? "No location"} · ${student.status}`}
        actions={
          home ? (
            <Link className={buttonClasses("secondary")} href={studentProfilePath(home.regionId, home.districtId, home.locationId, id, "enrollments")}>
              Enrollments, teachers and collections
            </Link>
          ) : undefined
        }
      />
      <StudentForm raceCodes={raceCodes} student={student} />
    </>
  );
}
