import type { Metadata } from "next";
import { CollectionTabs } from "@/components/collections-admin/collection-tabs";
import { SetsEditor } from "@/components/collections-admin/sets-editor";
import { SupportsEditor } from "@/components/collections-admin/supports-editor";
import { PageHeading } from "@/components/ui/page-heading";
import { getAdminCollection } from "@/lib/collections/admin-collections";
import { collectionPath } from "@/lib/collections/admin-paths";
import { assessmentItemChoices, listSets } from "@/lib/collections/admin-sets";
import { listCollectionSupports } from "@/lib/collections/admin-supports";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Item sets and supports" };

/** A collection's item sets (its items, in priority order) and the supports it offers. */
export default async function CollectionSetsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "collections.manage", path: collectionPath(id, "sets") });
  const collection = await orNotFound(getAdminCollection(actor, id));
  const [sets, items, supports] = await Promise.all([listSets(actor, id), assessmentItemChoices(actor, id), listCollectionSupports(actor, id)]);
  return (
    <>
      <CollectionTabs id={id} name={collection.collectionName} current="sets" />
      <PageHeading title="Item sets and supports" description={`${collection.collectionName}: ${items.length} items in ${collection.assessment.name}`} />
      <div className="flex flex-col gap-10">
        <SetsEditor collectionId={id} sets={sets} items={items} manage={actor.tenantWide} />
        <SupportsEditor collectionId={id} supports={supports} manage={actor.tenantWide} />
      </div>
    </>
  );
}
