import type { Metadata } from "next";
import { AssignmentsPanel } from "@/components/collections-admin/assignments-panel";
import { CollectionTabs } from "@/components/collections-admin/collection-tabs";
import { FieldTestsPanel } from "@/components/collections-admin/field-tests-panel";
import { LocationCounts } from "@/components/collections-admin/location-counts";
import { PageHeading } from "@/components/ui/page-heading";
import { listAssignments, listLocationAssignments } from "@/lib/collections/admin-assignments";
import { getAdminCollection } from "@/lib/collections/admin-collections";
import { listFieldTests } from "@/lib/collections/admin-field-tests";
import { collectionPath } from "@/lib/collections/admin-paths";
import { listDistricts, listLocations, listRegions } from "@/lib/organisations/queries";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Assignments and field tests" };

const pick = (orgs: { id: number; nameLabel: string }[]) => orgs.map(({ id, nameLabel }) => ({ id, nameLabel }));

/** Where the collection is given: its assignments, the locations covered with their counts, and field tests. */
export default async function CollectionAssignmentsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "collections.manage", path: collectionPath(id, "assignments") });
  const collection = await orNotFound(getAdminCollection(actor, id));
  const t = actor.tenantId;
  const [assigned, counts, fieldTests, regions, districts, locations] = await Promise.all([
    listAssignments(actor, t, id),
    listLocationAssignments(actor, t, id),
    listFieldTests(actor, t, id),
    listRegions(actor, { active: true }),
    listDistricts(actor, { active: true }),
    listLocations(actor, { active: true }),
  ]);
  // Offer what the admin administers: tenant admins everything; others their own links' reach.
  const own = (type: "region" | "district") => new Set(actor.orgs.filter((o) => o.administrative && o.orgType === type).map((o) => o.id));
  const ownRegions = own("region");
  const ownDistricts = own("district");
  const choices = {
    region: pick(actor.tenantWide ? regions : regions.filter((r) => ownRegions.has(r.id))),
    district: pick(actor.tenantWide ? districts : districts.filter((d) => ownDistricts.has(d.id) || ownRegions.has(d.parentId))),
    location: pick(locations),
  };
  return (
    <>
      <CollectionTabs id={id} name={collection.collectionName} current="assignments" />
      <PageHeading title="Assignments and field tests" description={collection.collectionName} />
      <div className="flex flex-col gap-10">
        <AssignmentsPanel tenantId={t} collectionId={id} assigned={{ region: assigned.regions, district: assigned.districts, location: assigned.locations }} choices={choices} />
        <LocationCounts rows={counts} />
        <FieldTestsPanel tenantId={t} collectionId={id} assigned={fieldTests.assigned} available={fieldTests.available} />
      </div>
    </>
  );
}
