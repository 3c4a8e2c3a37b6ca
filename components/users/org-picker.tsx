"use client";

import { useState } from "react";
import { LocationPicker, locationPickerError, type PickerError } from "@/components/organisations/location-picker";
import type { PickerStart } from "@/lib/organisations/location-choices";
import type { OrgType } from "@/lib/users/labels";

export interface OrgOption {
  orgType: OrgType;
  id: number;
  label: string;
}

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const TYPE_LABELS: Record<OrgType, string> = { region: "Region", district: "District", location: "Location" };

/**
 * The organisation a submitted picker names: its level and id (a location through the Region →
 * District → Location picker, whose first unchosen level is the error); null when none was offered.
 */
export function chosenOrg(form: FormData): { orgType: OrgType; parentId: number } | { error: PickerError } | null {
  const orgType = form.get("orgType") as OrgType | null;
  if (!orgType) return null;
  if (orgType !== "location") return { orgType, parentId: Number(form.get("parentId")) };
  const error = locationPickerError(form);
  return error ? { error } : { orgType, parentId: Number(form.get("locationId")) };
}

interface Props {
  /** The regions and districts the admin administers. */
  options: OrgOption[];
  /** The locations they administer, level by level. */
  locationStart: PickerStart;
  idPrefix: string;
  error?: PickerError | null;
  onChange?: () => void;
}

/** Choose one organisation the admin administers: its level, then the organisation (inputs orgType, then parentId or the location picker's). */
export function OrgPicker({ options, locationStart, idPrefix, error, onChange }: Props) {
  const types = (["location", "district", "region"] as const).filter((t) =>
    t === "location" ? locationStart.regions.length > 0 : options.some((o) => o.orgType === t),
  );
  const [orgType, setOrgType] = useState<OrgType>(types[0] ?? "location");
  const shown = options.filter((o) => o.orgType === orgType);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex max-w-48 flex-col gap-1.5">
        <label htmlFor={`${idPrefix}-type`} className="text-sm font-medium text-slate-800">
          Level
        </label>
        <select
          id={`${idPrefix}-type`}
          name="orgType"
          value={orgType}
          onChange={(e) => {
            setOrgType(e.target.value as OrgType);
            onChange?.();
          }}
          className={selectClass}
        >
          {types.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      {orgType === "location" ? (
        <LocationPicker purpose="link" start={locationStart} legend="Location" error={error} onChange={onChange} />
      ) : (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${idPrefix}-org`} className="text-sm font-medium text-slate-800">
            {TYPE_LABELS[orgType]}
          </label>
          <select id={`${idPrefix}-org`} name="parentId" className={`${selectClass} w-full min-w-0`} key={orgType}>
            {shown.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
