import type { Metadata } from "next";
import { StudentForm } from "@/components/students/student-form";
import { PageHeading } from "@/components/ui/page-heading";
import { listRaceCodes } from "@/lib/lookups/queries";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { getStudent } from "@/lib/students/admin-list";

export const metadata: Metadata = { title: "Edit student" };

export default async function EditStudentPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "students.manage", path: `/administrator/students/${id}` });
  const [student, raceCodes] = await Promise.all([orNotFound(getStudent(actor, id)), listRaceCodes(actor)]);
  return (
    <>
      <PageHeading
        title={`${student.firstName} ${student.lastName}`}
        description={`State ID ${student.tenantUniqueId} · ${student.locationName ?? "No location"} · ${student.status}`}
      />
      <StudentForm raceCodes={raceCodes} student={student} />
    </>
  );
}
