import type { Metadata } from "next";
import { OrgBreadcrumbs } from "@/components/organisations/org-breadcrumbs";
import { OrgRecordActions } from "@/components/organisations/org-controls";
import { OrgFields } from "@/components/organisations/org-fields";
import { PageHeading } from "@/components/ui/page-heading";
import { OrgMembers } from "@/components/users/org-members";
import { can } from "@/lib/auth/permissions";
import { districtPath, locationPath, organisationsPath, regionPath } from "@/lib/organisations/paths";
import { locationProfile } from "@/lib/organisations/profile-data";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { listMembers } from "@/lib/users/members";

export const metadata: Metadata = { title: "Location" };

export default async function LocationProfilePage({ params }: { params: Promise<{ regionId: string; districtId: string; locationId: string }> }) {
  const raw = await params;
  const [regionId, districtId, locationId] = [idSegment(raw.regionId), idSegment(raw.districtId), idSegment(raw.locationId)];
  const actor = await requirePageActor({ permission: "area.administrator", path: locationPath(regionId, districtId, locationId) });
  const { region, district, location, manage, deletable } = await orNotFound(locationProfile(actor, regionId, districtId, locationId));
  // Its people (spec §7: GET /locations/{id}/members) for those who administer it.
  const members = manage && can(actor, "users.read") ? await listMembers(actor, "location", location.id) : null;
  return (
    <>
      <OrgBreadcrumbs
        trail={[
          { label: "Organisations", href: organisationsPath() },
          { label: region.nameLabel, href: regionPath(region.id) },
          { label: district.nameLabel, href: districtPath(region.id, district.id) },
          { label: location.nameLabel, href: locationPath(region.id, district.id, location.id) },
        ]}
      />
      <PageHeading
        title={location.nameLabel}
        description={`Location in ${district.nameLabel}, ${region.nameLabel}`}
        actions={
          manage ? (
            <OrgRecordActions
              kind="location"
              record={location}
              deletable={deletable}
              place={{ regionId: region.id, districtId: district.id }}
              deleteNote="Its students, teachers and scores stay as they are."
            />
          ) : undefined
        }
      />
      <OrgFields
        fields={[
          { label: "Name", value: location.nameLabel },
          { label: "Unique ID", value: location.uniqueId ?? "—" },
          { label: "Status", value: location.active ? "Active" : "Deleted" },
        ]}
      />
      {members && <OrgMembers members={members} orgType="location" orgId={location.id} canCreate={can(actor, "users.manage")} />}
    </>
  );
}
