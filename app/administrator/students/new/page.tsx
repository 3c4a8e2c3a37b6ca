import type { Metadata } from "next";
import { StudentForm } from "@/components/students/student-form";
import { PageHeading } from "@/components/ui/page-heading";
import { listRaceCodes } from "@/lib/lookups/queries";
import { listLocations } from "@/lib/organisations/queries";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "New student" };

export default async function NewStudentPage() {
  const actor = await requirePageActor({ permission: "students.manage", path: "/administrator/students/new" });
  const [raceCodes, locations] = await Promise.all([listRaceCodes(actor), listLocations(actor, { active: true })]);
  return (
    <>
      <PageHeading title="New student" description="The student is enrolled at the chosen location, its point of authority." />
      <StudentForm raceCodes={raceCodes} locations={locations} />
    </>
  );
}
