"use client";

import { useState } from "react";
import type { OrgType } from "@/lib/users/labels";

export interface OrgOption {
  orgType: OrgType;
  id: number;
  label: string;
}

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";
const TYPE_LABELS: Record<OrgType, string> = { region: "Region", district: "District", location: "Location" };

/** Choose one organisation the admin administers: its level, then the organisation (inputs orgType, parentId). */
export function OrgPicker({ options, idPrefix }: { options: OrgOption[]; idPrefix: string }) {
  const types = (["location", "district", "region"] as const).filter((t) => options.some((o) => o.orgType === t));
  const [orgType, setOrgType] = useState<OrgType>(types[0] ?? "location");
  const shown = options.filter((o) => o.orgType === orgType);
  return (
    <div className="grid gap-4 tablet:grid-cols-[12rem_minmax(0,1fr)]">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${idPrefix}-type`} className="text-sm font-medium text-slate-800">
          Level
        </label>
        <select id={`${idPrefix}-type`} name="orgType" value={orgType} onChange={(e) => setOrgType(e.target.value as OrgType)} className={selectClass}>
          {types.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
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
    </div>
  );
}
