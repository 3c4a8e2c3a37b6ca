import type { Metadata } from "next";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { Badge } from "@/components/ui/badge";
import { PlainTable } from "@/components/ui/plain-table";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";
import { listStudentOutputs } from "@/lib/enrollments/outputs";

export const metadata: Metadata = { title: "Student ISR" };

const TONE = { "No ISR": "neutral", Generated: "success", Deleted: "warning" } as const;

/** The student's individual student report per assigned collection ('No ISR' until one is generated). */
export default async function StudentIsrPage(props: StudentProfileParams) {
  const { actor, profile } = await loadStudentProfile(props, "isr");
  const outputs = await listStudentOutputs(actor, profile.student.id);
  return (
    <>
      <StudentProfileHeader profile={profile} current="isr" />
      <PlainTable
        label="Individual student reports"
        caption="Individual student reports by data collection"
        columns={["Collection", "Status", "Updated"]}
        rows={outputs}
        empty="The student is not assigned to any data collection, so there is no ISR."
      >
        {(o) => (
          <tr key={o.dataCollectionsId} className="border-t border-slate-200">
            <th scope="row" className="font-medium">
              {o.collectionName}
            </th>
            <td>
              <Badge tone={TONE[o.status]}>{o.status}</Badge>
            </td>
            <td>{o.updatedAt ? new Date(o.updatedAt * 1000).toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric" }) : "—"}</td>
          </tr>
        )}
      </PlainTable>
    </>
  );
}
