import type { Metadata } from "next";
import { NewOrgButton } from "@/components/organisations/org-controls";
import { OrgTable } from "@/components/organisations/org-table";
import { PageHeading } from "@/components/ui/page-heading";
import { can } from "@/lib/auth/permissions";
import { regionPath } from "@/lib/organisations/paths";
import { listRegions } from "@/lib/organisations/queries";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Organisations" };

/** The top of the tree: the regions the admin can see; each opens on its districts. */
export default async function OrganisationsPage() {
  const actor = await requirePageActor({ permission: "area.administrator", path: "/administrator/organizations" });
  const regions = await listRegions(actor, { active: true });
  const mayCreate = actor.tenantWide && can(actor, "organisations.manage");
  return (
    <>
      <PageHeading
        title="Organisations"
        description={`Regions, districts and locations of ${actor.tenantName}`}
        actions={mayCreate ? <NewOrgButton kind="region" /> : undefined}
      />
      <OrgTable
        caption="Regions"
        rows={regions.map((r) => ({ id: r.id, nameLabel: r.nameLabel, uniqueId: r.uniqueId, href: regionPath(r.id) }))}
        empty={mayCreate ? "No regions yet. Create the first with New region." : "No regions within your reach."}
      />
    </>
  );
}
