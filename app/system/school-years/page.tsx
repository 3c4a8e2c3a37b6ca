import type { Metadata } from "next";
import { CrudSection } from "@/components/system/crud-section";
import { SystemPage } from "@/components/system/system-page";
import { listSchoolYears } from "@/lib/school-years/queries";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "School years" };

export default async function SchoolYearsPage() {
  const actor = await requirePageActor({ permission: "area.system", path: "/system/school-years" });
  const years = await listSchoolYears(actor);
  const day = (unix: number | null) => (unix === null ? null : new Date(unix * 1000).toISOString().slice(0, 10));
  return (
    <SystemPage title="School years" description="The calendar every tenant's data collections fall in (the same for all tenants).">
      <CrudSection
        title="All school years"
        noun="school year"
        columns={[
          { key: "label", label: "Label" },
          { key: "start", label: "Starts" },
          { key: "end", label: "Ends" },
        ]}
        rows={years.map((y) => ({ id: y.id, label: y.label, startDate: y.startDate, endDate: y.endDate, start: day(y.startDate), end: day(y.endDate) }))}
        fields={[
          { name: "label", label: "Label", kind: "text", hint: "Taken from the years when empty, as 2027-2028" },
          { name: "startDate", label: "Start date", kind: "date", required: true },
          { name: "endDate", label: "End date", kind: "date", required: true },
        ]}
        endpoint="/school-years"
        texts={{
          created: "School year created",
          updated: "School year updated",
          createFailed: "Error creating school year",
          updateFailed: "Something went wrong",
        }}
        empty="No school years yet."
      />
    </SystemPage>
  );
}
