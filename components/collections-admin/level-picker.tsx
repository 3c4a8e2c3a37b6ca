import { buttonClasses } from "@/components/ui/button";

interface Org {
  id: number;
  nameLabel: string;
}

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

function OrgSelect({ name, label, orgs, value, all }: { name: string; label: string; orgs: Org[]; value?: number; all: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`level-${name}`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={`level-${name}`} name={name} defaultValue={value ?? ""} className={selectClass}>
        <option value="">{all}</option>
        {orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.nameLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The level of the listing, as a plain GET form (works without script): choose a region and Show to
 * get its districts, a district for its locations.
 */
export function LevelPicker(props: { regions: Org[]; districts: Org[]; locations: Org[]; regionId?: number; districtId?: number; locationId?: number }) {
  return (
    <form method="get" className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white px-5 py-4" aria-label="Level of the listing">
      <OrgSelect name="regionId" label="Region" orgs={props.regions} value={props.regionId} all="All regions (state)" />
      {props.regionId && <OrgSelect name="districtId" label="District" orgs={props.districts} value={props.districtId} all="All of the region" />}
      {props.districtId && <OrgSelect name="locationId" label="Location" orgs={props.locations} value={props.locationId} all="All of the district" />}
      <button type="submit" className={buttonClasses("secondary", "md")}>
        Show
      </button>
    </form>
  );
}
