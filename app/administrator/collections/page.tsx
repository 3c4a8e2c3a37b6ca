import type { Metadata } from "next";
import { NewCollectionButton } from "@/components/collections-admin/collection-form";
import { CollectionsTable, type CollectionListRow } from "@/components/collections-admin/collections-table";
import { LevelPicker } from "@/components/collections-admin/level-picker";
import { PageHeading } from "@/components/ui/page-heading";
import { listAssessments } from "@/lib/assessments/queries";
import { listAdminCollections } from "@/lib/collections/admin-collections";
import { showDate } from "@/lib/collections/admin-format";
import { listLevelCollections } from "@/lib/collections/admin-levels";
import { collectionPath } from "@/lib/collections/admin-paths";
import { listDistricts, listLocations, listRegions } from "@/lib/organisations/queries";
import { listSchoolYears } from "@/lib/school-years/queries";
import { orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "Collections" };

const positive = (v: string | string[] | undefined) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
const LEVEL_NAMES = { region: "Region", district: "District", location: "Location" } as const;

/**
 * The collections within the admin's reach: the whole state, or those reaching one region, district
 * or location (the per-level listings of spec §7). Tenant admins create collections here.
 */
export default async function CollectionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor({ permission: "collections.manage", path: "/administrator/collections" });
  const search = await searchParams;
  const regionId = positive(search.regionId);
  const districtId = regionId ? positive(search.districtId) : undefined;
  const locationId = districtId ? positive(search.locationId) : undefined;
  const [regions, districts, locations] = await Promise.all([
    listRegions(actor, { active: true }),
    regionId ? listDistricts(actor, { parentId: regionId, active: true }) : Promise.resolve([]),
    districtId ? listLocations(actor, { parentId: districtId, active: true }) : Promise.resolve([]),
  ]);
  const all = await listAdminCollections(actor);
  let rows: CollectionListRow[];
  if (regionId) {
    const found = await orNotFound(listLevelCollections(actor, { tenantId: actor.tenantId, regionId, districtId, locationId }));
    rows = found.map((c) => ({
      id: c.id,
      name: c.collection_name,
      href: collectionPath(c.id),
      assessment: c.assessment_name,
      schoolYear: c.school_year,
      cycleStart: showDate(c.cycle_start_date),
      cycleEnd: showDate(c.cycle_end_date),
      enrollmentEnd: showDate(c.enrollment_end_date),
      assignedAt: LEVEL_NAMES[c.assigned_at],
    }));
  } else {
    rows = all.map((c) => ({
      id: c.id,
      name: c.collectionName,
      href: collectionPath(c.id),
      assessment: c.assessment.name,
      schoolYear: c.schoolYear.label,
      cycleStart: showDate(c.cycleStartDate),
      cycleEnd: showDate(c.cycleEndDate),
      enrollmentEnd: showDate(c.enrollmentEndDate),
    }));
  }
  const mayCreate = actor.tenantWide;
  const [assessments, years] = mayCreate ? await Promise.all([listAssessments(actor), listSchoolYears(actor)]) : [[], []];
  const levelName = locationId ? "location" : districtId ? "district" : regionId ? "region" : null;
  return (
    <>
      <PageHeading
        title="Collections"
        description={`Assessment windows of ${actor.tenantName}: their dates, item sets, supports, assignments and scoring`}
        actions={
          mayCreate ? (
            <NewCollectionButton
              assessments={assessments.map((a) => ({ id: a.id, label: a.name }))}
              schoolYears={years.map((y) => ({ id: y.id, label: y.label }))}
              parents={all.map((c) => ({ id: c.id, label: `${c.collectionName} (${c.schoolYear.label})` }))}
            />
          ) : undefined
        }
      />
      <div className="flex flex-col gap-6">
        <LevelPicker regions={regions} districts={districts} locations={locations} regionId={regionId} districtId={districtId} locationId={locationId} />
        <CollectionsTable
          caption={levelName ? `Collections reaching this ${levelName}` : "All collections"}
          rows={rows}
          withLevel={Boolean(levelName)}
          empty={
            levelName
              ? `No collection reaches this ${levelName}.`
              : mayCreate
                ? "No collections yet. Create the first with New collection."
                : "No collections within your reach."
          }
        />
      </div>
    </>
  );
}
