import type { Metadata } from "next";
import { StudentForm } from "@/components/students/student-form";
import { PageHeading } from "@/components/ui/page-heading";
import { listRaceCodes } from "@/lib/lookups/queries";
import { pickerStart } from "@/lib/organisations/location-choices";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "New student" };

export default async function NewStudentPage() {
  const actor = await requirePageActor({ permission: "students.manage", path: "/administrator/students/new" });
  const [raceCodes, locationStart] = await Promise.all([listRaceCodes(actor), pickerStart(actor, "enroll")]);
  return (
    <>
      <PageHeading title="New student" description="The student is enrolled at the chosen location, its point of authority." />
      <StudentForm raceCodes={raceCodes} locationStart={locationStart} />
    </>
  );
}
