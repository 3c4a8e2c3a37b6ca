import type { Metadata } from "next";
import Link from "next/link";
import { AdminReports } from "@/components/reports/admin-reports";
import { EdfiDownloads } from "@/components/reports/edfi-downloads";
import { PageHeading } from "@/components/ui/page-heading";
import { can } from "@/lib/auth/permissions";
import { edfiDownloadOptions } from "@/lib/edfi/page-data";
import { getEdfiSettings } from "@/lib/edfi/settings-service";
import { reportFormOptions } from "@/lib/reports/page-data";
import { listReports } from "@/lib/reports/service";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Reports" };

/** Request administration reports over one's reach, watch them run and download them. */
export default async function AdministratorReportsPage() {
  const actor = await requirePageActor({ permission: "reports.admin", path: "/administrator/reports" });
  const [options, { reports }, edfi, edfiSettings] = await Promise.all([
    reportFormOptions(actor),
    listReports(actor, {}),
    can(actor, "results.edfiExport") ? edfiDownloadOptions(actor) : null,
    can(actor, "results.edfiSettings") ? getEdfiSettings(actor) : null,
  ]);
  return (
    <>
      <PageHeading
        title="Reports"
        description={actor.tenantWide ? `Reports cover all of ${actor.tenantName}.` : "Reports cover the organisations you administer."}
        actions={
          <div className="flex gap-4">
            <Link href="/administrator/isr" className="text-sm font-medium text-brand-700 underline underline-offset-2">
              ISRs
            </Link>
            {can(actor, "jobs.read") ? (
              <Link href="/administrator/jobs" className="text-sm font-medium text-brand-700 underline underline-offset-2">
                Job counts
              </Link>
            ) : null}
          </div>
        }
      />
      <AdminReports tenantId={actor.tenantId} options={options} reports={reports} />
      {edfi ? (
        <div className="mt-6">
          <EdfiDownloads
            options={edfi}
            settings={edfiSettings?.settings}
            scope={
              actor.tenantWide
                ? `The files cover all of ${actor.tenantName}, or one district.`
                : "The files cover the children of the organisations you administer."
            }
          />
        </div>
      ) : null}
    </>
  );
}
