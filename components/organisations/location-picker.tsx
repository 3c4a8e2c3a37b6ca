"use client";

import { useId, useRef, useState } from "react";
import { callApi } from "@/components/api/client";
import { cn } from "@/components/ui/cn";
import type { Choice, LocationPurpose, PickerDepth, PickerStart } from "@/lib/organisations/location-choices";

type PickerField = "regionId" | "districtId" | "locationId";
export interface PickerError {
  field: PickerField;
  message: string;
}

const REQUIRED: Record<PickerField, string> = { regionId: "Region is required", districtId: "District is required", locationId: "Location is required" };

const FIELDS: Record<PickerDepth, PickerField[]> = {
  region: ["regionId"],
  district: ["regionId", "districtId"],
  location: ["regionId", "districtId", "locationId"],
};

/** The first level a submitted form left unchosen, with the spec's message (platform.md §5); null once the picker's last level is chosen. */
export function locationPickerError(form: FormData, depth: PickerDepth = "location"): PickerError | null {
  const field = FIELDS[depth].find((name) => !form.get(name));
  return field ? { field, message: REQUIRED[field] } : null;
}

/**
 * What a submitted picker names at its depth (the organisation's id and shown name); else null, once
 * `show` has the first unchosen level's error, or `refuse`'s word on the choice, and that level has focus.
 */
export function pickedOrg(
  form: HTMLFormElement,
  show: (error: PickerError) => void,
  depth: PickerDepth = "location",
  refuse?: (org: Choice) => string | null,
): Choice | null {
  const select = form.elements.namedItem(`${depth}Id`) as HTMLSelectElement | null;
  const org = select?.value ? { id: Number(select.value), name: select.selectedOptions[0].text } : null;
  const refused = org && refuse?.(org);
  const error = locationPickerError(new FormData(form), depth) ?? (refused ? { field: `${depth}Id` as const, message: refused } : null);
  if (!error) return org;
  show(error);
  (form.elements.namedItem(error.field) as HTMLSelectElement | null)?.focus();
  return null;
}

interface LevelProps {
  id: string;
  name: PickerField;
  label: string;
  value: string;
  choices: Choice[];
  placeholder: string;
  busy: boolean;
  error?: string;
  onChoose: (value: string) => void;
}

function Level({ id, name, label, value, choices, placeholder, busy, error, onChoose }: LevelProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        required
        disabled={busy}
        aria-busy={busy || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChoose(e.target.value)}
        className={cn(
          "h-10 w-full min-w-0 rounded-md border bg-white px-3 text-sm",
          error ? "border-danger" : "border-slate-400",
          busy && "bg-slate-100 text-slate-600",
        )}
      >
        <option value="">{busy ? "Loading…" : placeholder}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

interface Props {
  purpose: LocationPurpose;
  /** The server's first levels (pickerStart): a single choice arrives already chosen. */
  start: PickerStart;
  /** The group's name, in the form's words ("Location (point of authority)"). */
  legend: string;
  /** The last level: "region" or "district" where that is what is chosen (a collection's assignment). */
  depth?: PickerDepth;
  error?: PickerError | null;
  /** A choice changed (the form clears its error). */
  onChange?: () => void;
}

const asValue = (id: number | null) => (id ? String(id) : "");

/**
 * Region → District → Location (platform.md §5): each level appears once the one before is chosen and
 * loads its options from the server for that choice; a level with one option is chosen for the person.
 * The form reads `regionId`, `districtId` and `locationId` down to the depth; the server checks the choice again.
 */
export function LocationPicker({ purpose, start, legend, depth = "location", error, onChange }: Props) {
  const id = useId();
  const [regionId, setRegionId] = useState(asValue(start.regionId));
  const [districts, setDistricts] = useState(start.districts);
  const [districtId, setDistrictId] = useState(asValue(start.districtId));
  const [locations, setLocations] = useState(start.locations);
  const [locationId, setLocationId] = useState(asValue(start.locationId));
  const [loading, setLoading] = useState<"districts" | "locations" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Only the newest choice's answer is shown: a quick second choice must not be overwritten by the first's.
  const latest = useRef(0);

  async function load(level: "districts" | "locations", parentId: string): Promise<Choice[] | null> {
    const ticket = ++latest.current;
    setLoading(level);
    setFailure(null);
    const query = new URLSearchParams({ purpose, level, parentId, ...(depth ? { depth } : {}) });
    const answer = await callApi<{ locationChoices: Choice[] }>("GET", `/location-choices?${query}`);
    if (ticket !== latest.current) return null;
    setLoading(null);
    if (!answer.ok) {
      setFailure(answer.message);
      return null;
    }
    return answer.data.locationChoices;
  }

  async function chooseDistrict(value: string) {
    setDistrictId(value);
    setLocations([]);
    setLocationId("");
    onChange?.();
    if (!value || depth !== "location") return;
    const found = await load("locations", value);
    if (!found) return;
    setLocations(found);
    if (found.length === 1) setLocationId(String(found[0].id));
  }

  async function chooseRegion(value: string) {
    setRegionId(value);
    setDistricts([]);
    setDistrictId("");
    setLocations([]);
    setLocationId("");
    onChange?.();
    if (!value || depth === "region") return;
    const found = await load("districts", value);
    if (!found) return;
    setDistricts(found);
    if (found.length === 1) await chooseDistrict(String(found[0].id));
  }

  const errorOf = (field: PickerField) => (error?.field === field ? error.message : undefined);
  return (
    // Levels fill the form's width like its other fields; min-w-0: a fieldset (min-content by default)
    // would grow with a long name in a narrow column. As in the forms' other fieldsets, level labels are plain.
    <fieldset className="flex w-full min-w-0 flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {/* One level under another: district and school names run long ("Prince George's County Public Schools"). */}
      <div className="flex flex-col gap-4">
        <Level
          id={`${id}-region`}
          name="regionId"
          label="Region"
          value={regionId}
          choices={start.regions}
          placeholder="Choose a region"
          busy={false}
          error={errorOf("regionId")}
          onChoose={(v) => void chooseRegion(v)}
        />
        {regionId && depth !== "region" && (
          <Level
            id={`${id}-district`}
            name="districtId"
            label="District"
            value={districtId}
            choices={districts}
            placeholder="Choose a district"
            busy={loading === "districts"}
            error={errorOf("districtId")}
            onChoose={(v) => void chooseDistrict(v)}
          />
        )}
        {districtId && depth === "location" && (
          <Level
            id={`${id}-location`}
            name="locationId"
            label="Location"
            value={locationId}
            choices={locations}
            placeholder="Choose a location"
            busy={loading === "locations"}
            error={errorOf("locationId")}
            onChoose={(v) => {
              setLocationId(v);
              onChange?.();
            }}
          />
        )}
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
    </fieldset>
  );
}
