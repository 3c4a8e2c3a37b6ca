import Link from "next/link";
import { OrgBreadcrumbs } from "@/components/organisations/org-breadcrumbs";
import { NewOrgButton, OrgRecordActions } from "@/components/organisations/org-controls";
import { OrgFields } from "@/components/organisations/org-fields";
import { OrgTable } from "@/components/organisations/org-table";
import { cn } from "@/components/ui/cn";
import { PageHeading } from "@/components/ui/page-heading";
import { districtListPath, districtPath, locationPath, organisationsPath, regionPath } from "@/lib/organisations/paths";
import type { districtProfile } from "@/lib/organisations/profile-data";

type Data = Awaited<ReturnType<typeof districtProfile>>;

/** A district's profile: Details (its fields and locations) or List (its locations only, where a location delete lands). */
export function DistrictProfile({ data, view }: { data: Data; view: "details" | "list" }) {
  const { region, district, locations, manage, deletable } = data;
  const place = { regionId: region.id, districtId: district.id };
  const tabs = [
    { label: "Details", href: districtPath(region.id, district.id), current: view === "details" },
    { label: "Locations", href: districtListPath(region.id, district.id), current: view === "list" },
  ];
  return (
    <>
      <OrgBreadcrumbs
        trail={[
          { label: "Organisations", href: organisationsPath() },
          { label: region.nameLabel, href: regionPath(region.id) },
          { label: district.nameLabel, href: districtPath(region.id, district.id) },
        ]}
      />
      <PageHeading
        title={district.nameLabel}
        description={`District of ${region.nameLabel}`}
        actions={
          manage ? (
            <OrgRecordActions
              kind="district"
              record={district}
              place={place}
              deletable={deletable}
              deleteNote="A district with active locations cannot be deleted; delete its locations first."
            />
          ) : undefined
        }
      />
      <nav aria-label="District pages" className="mb-6 flex gap-1 border-b border-slate-200">
        {tabs.map((t) => (
          <Link
            key={t.href}
            href={t.href}
            aria-current={t.current ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              t.current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-700 hover:text-slate-900",
            )}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="flex flex-col gap-6">
        {view === "details" && (
          <OrgFields
            fields={[
              { label: "Unique ID", value: district.uniqueId ?? "—" },
              { label: "Census district", value: district.isCensus ? "Yes" : "No" },
              { label: "Locations", value: String(locations.length) },
            ]}
          />
        )}
        {manage && (
          <div className="flex justify-end">
            <NewOrgButton kind="location" place={place} />
          </div>
        )}
        <OrgTable
          caption="Locations"
          rows={locations.map((l) => ({ id: l.id, nameLabel: l.nameLabel, uniqueId: l.uniqueId, href: locationPath(region.id, district.id, l.id) }))}
          empty="This district has no locations yet."
        />
      </div>
    </>
  );
}
