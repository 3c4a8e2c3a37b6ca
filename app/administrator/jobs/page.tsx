import type { Metadata } from "next";
import { JobCountsView } from "@/components/reports/job-counts-view";
import { PageHeading } from "@/components/ui/page-heading";
import { jobCounts } from "@/lib/reports/job-counts";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Job counts" };

/** The tenant's background work waiting in the queue or running for over 30 minutes, kept fresh. */
export default async function JobCountsPage() {
  const actor = await requirePageActor({ permission: "jobs.read", path: "/administrator/jobs" });
  const counts = await jobCounts(actor, actor.tenantId);
  return (
    <>
      <PageHeading title="Job counts" description="ISRs, bulk loads and reports of your tenant that are queued, or in progress for more than 30 minutes." />
      <JobCountsView tenantId={actor.tenantId} initial={counts} />
    </>
  );
}
