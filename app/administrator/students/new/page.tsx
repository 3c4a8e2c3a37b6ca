import type { Metadata } from "next";
import { StudentForm } from "@/components/students/student-form";
import { PageHeading } from "@/components/ui/page-heading";
import { administeredLocations } from "@/lib/enrollments/locations";
import { listRaceCodes } from "@/lib/lookups/queries";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "New student" };

export default async function NewStudentPage() {
  const actor = await requirePageActor({ permission: "students.manage", path: "/administrator/students/new" });
  const [raceCodes, locations] = await Promise.all([listRaceCodes(actor), administeredLocations(actor)]);
  return (
    <>
      <PageHeading title="New student" description="The student is enrolled at the chosen location, its point of authority." />
      <StudentForm raceCodes={raceCodes} locations={locations} />
    </>
  );
}
