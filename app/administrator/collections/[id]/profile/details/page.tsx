import type { Metadata } from "next";
import { EditCollectionButton } from "@/components/collections-admin/collection-form";
import { CollectionTabs } from "@/components/collections-admin/collection-tabs";
import { OrgFields } from "@/components/organisations/org-fields";
import { PageHeading } from "@/components/ui/page-heading";
import { listAssessments } from "@/lib/assessments/queries";
import { DeleteCollectionButton } from "@/components/collections-admin/delete-collection";
import { getAdminCollection, listAdminCollections } from "@/lib/collections/admin-collections";
import { showDate } from "@/lib/collections/admin-format";
import { collectionPath } from "@/lib/collections/admin-paths";
import { listSchoolYears } from "@/lib/school-years/queries";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Collection" };

/** A collection's details (spec §2: where a created collection opens); tenant admins edit them. */
export default async function CollectionDetailsPage({ params }: { params: Promise<{ id: string }> }) {
  const id = idSegment((await params).id);
  const actor = await requirePageActor({ permission: "collections.manage", path: collectionPath(id) });
  const collection = await orNotFound(getAdminCollection(actor, id));
  const [assessments, years, all] = actor.tenantWide
    ? await Promise.all([listAssessments(actor), listSchoolYears(actor), listAdminCollections(actor)])
    : [[], [], []];
  const c = collection;
  const parent =
    c.parentDataCollectionId === null ? null : (all.find((x) => x.id === c.parentDataCollectionId)?.collectionName ?? `Collection ${c.parentDataCollectionId}`);
  return (
    <>
      <CollectionTabs id={id} name={c.collectionName} current="details" />
      <PageHeading
        title={c.collectionName}
        description={`${c.assessment.name} · ${c.schoolYear.label}`}
        actions={
          actor.tenantWide ? (
            <>
              <EditCollectionButton
                collection={c}
                assessments={assessments.map((a) => ({ id: a.id, label: a.name }))}
                schoolYears={years.map((y) => ({ id: y.id, label: y.label }))}
                parents={all.map((x) => ({ id: x.id, label: `${x.collectionName} (${x.schoolYear.label})` }))}
              />
              <DeleteCollectionButton id={c.id} name={c.collectionName} />
            </>
          ) : undefined
        }
      />
      <OrgFields
        fields={[
          { label: "Cycle start date", value: showDate(c.cycleStartDate) },
          { label: "Cycle end date", value: showDate(c.cycleEndDate) },
          { label: "Enrollment end date", value: showDate(c.enrollmentEndDate) },
          { label: "Data displays date", value: showDate(c.dataDisplaysDate) },
          { label: "Report access date", value: showDate(c.reportAccessDate) },
          { label: "ISR access date", value: showDate(c.isrAccessDate) },
          { label: "OMR access date", value: showDate(c.omrAccessDate) },
          { label: "ISR teacher date", value: showDate(c.isrTeacherDate) },
          { label: "Parent collection", value: parent ?? "None" },
          { label: "Assignment tokens", value: c.hideToken ? "Hidden from all but tenant admins" : "Shown" },
        ]}
      />
    </>
  );
}
