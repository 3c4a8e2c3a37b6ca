import type { Metadata } from "next";
import { CrudSection } from "@/components/system/crud-section";
import { ImportAssessment } from "@/components/system/import-assessment";
import { SystemPage } from "@/components/system/system-page";
import { requirePageActor } from "@/lib/shell/page-actor";
import { listAllAssessments } from "@/lib/system/assessments";
import { ASSESSMENT_FIELDS, ASSESSMENT_TEXTS } from "@/components/system/sections";

export const metadata: Metadata = { title: "Assessments" };

export default async function AssessmentsPage() {
  const actor = await requirePageActor({ permission: "area.system", path: "/system/assessments" });
  const assessments = await listAllAssessments(actor);
  return (
    <SystemPage
      title="Assessments"
      description="KRA and ELA assessments of every tenant: open one to edit its hierarchy, scales and items."
      actions={<ImportAssessment />}
    >
      <CrudSection
        title="All assessments"
        noun="assessment"
        columns={[
          { key: "name", label: "Name" },
          { key: "taxonomy", label: "Taxonomy" },
          { key: "family", label: "Family" },
          { key: "items", label: "Items" },
          { key: "owner", label: "Offered to" },
        ]}
        rows={assessments.map((a) => ({ ...a, family: a.isKra ? "KRA" : "ELA", owner: a.tenantName ?? "Every tenant", href: `/system/assessments/${a.id}` }))}
        fields={ASSESSMENT_FIELDS}
        endpoint="/assessments"
        texts={ASSESSMENT_TEXTS}
        empty="No assessments yet. Create one, or import an export file."
      />
    </SystemPage>
  );
}
