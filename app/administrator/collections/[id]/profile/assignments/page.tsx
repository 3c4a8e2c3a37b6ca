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
import { pickerStart } from "@/lib/organisations/location-choices";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Assignments and field tests" };

/** Where the collection is given: its assignments, the locations covered with their counts, and field tests. */
export default async function CollectionAssignmentsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "collections.manage", path: collectionPath(id, "assignments") });
  const collection = await orNotFound(getAdminCollection(actor, id));
  const t = actor.tenantId;
  // The pickers offer what the admin administers at each level (the checks the assign calls make).
  const [assigned, counts, fieldTests, region, district, location] = await Promise.all([
    listAssignments(actor, t, id),
    listLocationAssignments(actor, t, id),
    listFieldTests(actor, t, id),
    pickerStart(actor, "assign", "region"),
    pickerStart(actor, "assign", "district"),
    pickerStart(actor, "assign", "location"),
  ]);
  return (
    <>
      <CollectionTabs id={id} name={collection.collectionName} current="assignments" />
      <PageHeading title="Assignments and field tests" description={collection.collectionName} />
      <div className="flex flex-col gap-10">
        <AssignmentsPanel
          tenantId={t}
          collectionId={id}
          assigned={{ region: assigned.regions, district: assigned.districts, location: assigned.locations }}
          starts={{ region, district, location }}
        />
        <LocationCounts rows={counts} />
        <FieldTestsPanel tenantId={t} collectionId={id} assigned={fieldTests.assigned} start={location} />
      </div>
    </>
  );
}
