import type { Metadata } from "next";
import { CollectionTabs } from "@/components/collections-admin/collection-tabs";
import { ScoringForm } from "@/components/collections-admin/scoring-form";
import { PageHeading } from "@/components/ui/page-heading";
import { collectionDomains, getAdminCollection } from "@/lib/collections/admin-collections";
import { collectionPath } from "@/lib/collections/admin-paths";
import { listSets } from "@/lib/collections/admin-sets";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Scoring" };

/** The collection's scoring rules (the `scoring` JSON the results read) as a form. */
export default async function CollectionScoringPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "collections.manage", path: collectionPath(id, "scoring") });
  const collection = await orNotFound(getAdminCollection(actor, id));
  const [sets, domains] = await Promise.all([listSets(actor, id), collectionDomains(actor, id)]);
  const seen = new Set<string>();
  const items = sets.flatMap((s) => s.items).filter((i) => !seen.has(i.code) && seen.add(i.code));
  return (
    <>
      <CollectionTabs id={id} name={collection.collectionName} current="scoring" />
      <PageHeading title="Scoring" description={`${collection.collectionName}: rules over ${collection.assessment.name}'s own configuration`} />
      <ScoringForm
        collectionId={id}
        scoring={collection.scoring}
        items={items.map((i) => ({ code: i.code, label: i.label }))}
        domains={domains}
        manage={actor.tenantWide}
      />
    </>
  );
}
