import type { Metadata } from "next";
import { DistrictIntegration } from "@/components/organisations/district-integration";
import { DistrictOneRosterProvider } from "@/components/organisations/district-oneroster-provider";
import { DistrictProfile } from "@/components/organisations/district-profile";
import { OrgMembers } from "@/components/users/org-members";
import { can } from "@/lib/auth/permissions";
import { ftpStatus, listIntegrationUsers } from "@/lib/organisations/integrations";
import { oneRosterProvider } from "@/lib/organisations/oneroster-provider";
import { districtPath } from "@/lib/organisations/paths";
import { districtProfile } from "@/lib/organisations/profile-data";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { listMembers } from "@/lib/users/members";

export const metadata: Metadata = { title: "District" };

export default async function DistrictProfilePage({ params }: { params: Promise<{ regionId: string; districtId: string }> }) {
  const raw = await params;
  const [regionId, districtId] = [idSegment(raw.regionId), idSegment(raw.districtId)];
  const actor = await requirePageActor({ permission: "area.administrator", path: districtPath(regionId, districtId) });
  const data = await orNotFound(districtProfile(actor, regionId, districtId));
  // Its administrators and members (spec §7's admin/member listings) for those who administer it.
  const members = data.manage && can(actor, "users.read") ? await listMembers(actor, "district", districtId) : null;
  // Its data integration (spec §3), for those who administer it.
  const [integration, integrationUsers, oneRoster] = data.manage
    ? await Promise.all([
        ftpStatus(actor, { tenantId: actor.tenantId, regionId, districtId }),
        listIntegrationUsers(actor, districtId),
        oneRosterProvider(actor, districtId).then((r) => r.oneRoster),
      ])
    : [null, [], null];
  const people = new Map([...(members ?? []), ...integrationUsers].map((p) => [p.id, { id: p.id, name: `${p.lastName}, ${p.firstName}` }]));
  return (
    <>
      <DistrictProfile view="details" data={data} />
      {integration && (
        <div className="mt-6">
          <DistrictIntegration
            districtId={districtId}
            integration={integration.configured ? { ...integration, userIds: integrationUsers.map((u) => u.id) } : null}
            people={[...people.values()].sort((a, b) => a.name.localeCompare(b.name))}
          />
        </div>
      )}
      {oneRoster && (
        <div className="mt-6">
          <DistrictOneRosterProvider districtId={districtId} {...oneRoster} />
        </div>
      )}
      {members && <OrgMembers members={members} orgType="district" orgId={districtId} canCreate={can(actor, "users.manage")} />}
    </>
  );
}
