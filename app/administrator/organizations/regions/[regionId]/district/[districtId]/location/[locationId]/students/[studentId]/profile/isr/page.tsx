import type { Metadata } from "next";
import { StudentProfileHeader } from "@/components/enrollments/student-profile-header";
import { Badge } from "@/components/ui/badge";
import { loadStudentProfile, type StudentProfileParams } from "@/lib/enrollments/profile-page";
import { listStudentOutputs } from "@/lib/enrollments/outputs";

export const metadata: Metadata = { title: "Student ISR" };

const cell = "px-4 py-2.5";
const TONE = { "No ISR": "neutral", Generated: "success", Deleted: "warning" } as const;

/** The student's individual student report per assigned collection ('No ISR' until one is generated). */
export default async function StudentIsrPage(props: StudentProfileParams) {
  const { actor, profile } = await loadStudentProfile(props, "isr");
  const outputs = await listStudentOutputs(actor, profile.student.id);
  return (
    <>
      <StudentProfileHeader profile={profile} current="isr" />
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Individual student reports">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Individual student reports by data collection</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className={`${cell} font-semibold`}>
                Collection
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Status
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                Updated
              </th>
            </tr>
          </thead>
          <tbody>
            {outputs.length === 0 && (
              <tr>
                <td colSpan={3} className="px-4 py-6 text-center text-slate-600">
                  The student is not assigned to any data collection, so there is no ISR.
                </td>
              </tr>
            )}
            {outputs.map((o) => (
              <tr key={o.dataCollectionsId} className="border-t border-slate-200">
                <th scope="row" className={`${cell} font-medium`}>
                  {o.collectionName}
                </th>
                <td className={cell}>
                  <Badge tone={TONE[o.status]}>{o.status}</Badge>
                </td>
                <td className={cell}>
                  {o.updatedAt ? new Date(o.updatedAt * 1000).toLocaleDateString("en-US", { month: "2-digit", day: "2-digit", year: "numeric" }) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
