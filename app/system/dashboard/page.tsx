import type { Metadata } from "next";
import { MailCheck } from "@/components/system/mail-check";
import { SystemPage } from "@/components/system/system-page";
import { AssessmentsTable, SchoolYearsTable, TenantsTable } from "@/components/dashboards/system-tables";
import { Stat } from "@/components/ui/card";
import { systemDashboard } from "@/lib/dashboards/system";
import { mailTransport } from "@/lib/system/mail-check";
import { formatDate, formatNumber } from "@/lib/shell/format";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "System dashboard" };

export default async function SystemDashboardPage() {
  const actor = await requirePageActor({ permission: "area.system", path: "/system/dashboard" });
  const d = await systemDashboard(actor);
  const kra = d.assessments.filter((a) => a.family === "KRA").length;
  const current = d.schoolYears.find((y) => y.current);
  return (
    <SystemPage title="System dashboard" description={`Every tenant · ${formatDate(new Date())}`}>
      <dl className="grid grid-cols-1 gap-4 tablet:grid-cols-3">
        <Stat label="Tenants" value={formatNumber(d.tenants.length)} detail="State programmes on the platform" />
        <Stat label="Assessments" value={formatNumber(d.assessments.length)} detail={`${kra} KRA · ${d.assessments.length - kra} ELA`} />
        <Stat label="School years" value={formatNumber(d.schoolYears.length)} detail={current ? `Current: ${current.label}` : "No school year covers today"} />
      </dl>
      <TenantsTable tenants={d.tenants} />
      <AssessmentsTable assessments={d.assessments} />
      <SchoolYearsTable years={d.schoolYears} />
      <MailCheck transport={mailTransport()} />
    </SystemPage>
  );
}
