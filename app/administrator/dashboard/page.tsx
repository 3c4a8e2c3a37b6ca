import type { Metadata } from "next";
import { CollectionsTable } from "@/components/dashboards/collections-table";
import { InfoSheetCard } from "@/components/info-sheet/info-sheet-card";
import { InfoSheetUpload } from "@/components/info-sheet/info-sheet-upload";
import { Stat } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { can } from "@/lib/auth/permissions";
import { administratorDashboard } from "@/lib/dashboards/administrator";
import { hasInfoSheet } from "@/lib/info-sheet/service";
import { formatDate, formatNumber } from "@/lib/shell/format";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Administration dashboard" };

export default async function AdministratorDashboardPage() {
  const actor = await requirePageActor({ permission: "area.administrator", path: "/administrator/dashboard" });
  const [d, infoSheet] = await Promise.all([administratorDashboard(actor), hasInfoSheet(actor)]);
  const reach = d.tenantWide ? `All of ${actor.tenantName}` : "Your organisations";
  return (
    <>
      <PageHeading title="Administration dashboard" description={`${reach} · ${formatDate(new Date())}`} />
      <h2 className="sr-only">Organisations and people</h2>
      <dl className="mb-4 grid grid-cols-2 gap-4 tablet:grid-cols-3 desktop:grid-cols-5">
        <Stat label="Regions" value={formatNumber(d.regions)} />
        <Stat label="Districts" value={formatNumber(d.districts)} />
        <Stat label="Locations" value={formatNumber(d.locations)} />
        <Stat label="Students" value={formatNumber(d.students)} />
        <Stat label="Teachers" value={formatNumber(d.teachers)} />
      </dl>
      <dl className="mb-8 grid grid-cols-1 gap-4 tablet:grid-cols-2">
        <Stat label="Open collections" value={formatNumber(d.openCollections)} detail="Assessment windows open now" />
        <Stat label="Completion" value={`${d.completion}%`} detail="Scores entered in open collections, for students in your reach" />
      </dl>
      <InfoSheetCard available={infoSheet}>{can(actor, "uploads.tenantResource") && <InfoSheetUpload />}</InfoSheetCard>
      <CollectionsTable
        caption="Open and upcoming data collections"
        collections={d.collections}
        empty="No open or upcoming data collections reach your organisations."
      />
    </>
  );
}
