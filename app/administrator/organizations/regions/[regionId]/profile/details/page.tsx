import type { Metadata } from "next";
import { OrgBreadcrumbs } from "@/components/organisations/org-breadcrumbs";
import { NewOrgButton, OrgRecordActions } from "@/components/organisations/org-controls";
import { OrgFields } from "@/components/organisations/org-fields";
import { OrgTable } from "@/components/organisations/org-table";
import { PageHeading } from "@/components/ui/page-heading";
import { OrgMembers } from "@/components/users/org-members";
import { can } from "@/lib/auth/permissions";
import { districtPath, organisationsPath, regionPath } from "@/lib/organisations/paths";
import { regionProfile } from "@/lib/organisations/profile-data";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { listMembers } from "@/lib/users/members";

export const metadata: Metadata = { title: "Region" };

export default async function RegionProfilePage({ params }: { params: Promise<{ regionId: string }> }) {
  const regionId = idSegment((await params).regionId);
  const actor = await requirePageActor({ permission: "area.administrator", path: regionPath(regionId) });
  const { region, districts, manage, deletable } = await orNotFound(regionProfile(actor, regionId));
  // Its administrators and members (spec §7's admin/member listings) for those who administer it.
  const members = manage && can(actor, "users.read") ? await listMembers(actor, "region", region.id) : null;
  return (
    <>
      <OrgBreadcrumbs
        trail={[
          { label: "Organisations", href: organisationsPath() },
          { label: region.nameLabel, href: regionPath(region.id) },
        ]}
      />
      <PageHeading
        title={region.nameLabel}
        description="Region"
        actions={
          manage ? (
            <OrgRecordActions
              kind="region"
              record={region}
              place={{}}
              deletable={deletable}
              deleteNote="A region with active districts cannot be deleted; delete its districts first."
            />
          ) : undefined
        }
      />
      <div className="flex flex-col gap-6">
        <OrgFields
          fields={[
            { label: "Name", value: region.nameLabel },
            { label: "Unique ID", value: region.uniqueId ?? "—" },
            { label: "Districts", value: String(districts.length) },
          ]}
        />
        {manage && (
          <div className="flex justify-end">
            <NewOrgButton kind="district" place={{ regionId: region.id }} />
          </div>
        )}
        <OrgTable
          caption="Districts"
          withCensus
          rows={districts.map((d) => ({ id: d.id, nameLabel: d.nameLabel, uniqueId: d.uniqueId, isCensus: d.isCensus, href: districtPath(region.id, d.id) }))}
          empty="This region has no districts yet."
        />
      </div>
      {members && <OrgMembers members={members} orgType="region" orgId={region.id} canCreate={can(actor, "users.manage")} />}
    </>
  );
}
