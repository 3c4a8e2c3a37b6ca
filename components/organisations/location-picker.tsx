"use client";

import { useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { locationChoicesAction } from "@/lib/organisations/location-choice-actions";
import type { Choice, LocationPurpose, PickerStart } from "@/lib/organisations/location-choices";

export type PickerField = "regionId" | "districtId" | "locationId";
export interface PickerError {
  field: PickerField;
  message: string;
}

const REQUIRED: Record<PickerField, string> = { regionId: "Region is required", districtId: "District is required", locationId: "Location is required" };

/** The first level a submitted form left unchosen, with the spec's message (platform.md §5); null once a location is chosen. */
export function locationPickerError(form: FormData): PickerError | null {
  const field = (["regionId", "districtId", "locationId"] as const).find((name) => !form.get(name));
  return field ? { field, message: REQUIRED[field] } : null;
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
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
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
        className={cn("h-10 w-full min-w-0 rounded-md border bg-white px-3 text-sm", error ? "border-danger" : "border-slate-400", busy && "bg-slate-100 text-slate-600")}
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
  error?: PickerError | null;
  /** A choice changed (the form clears its error). */
  onChange?: () => void;
}

const asValue = (id: number | null) => (id ? String(id) : "");

/**
 * Region → District → Location (platform.md §5): each level appears once the one before is chosen and
 * loads its options from the server for that choice; a level with one option is chosen for the person.
 * The form reads `regionId`, `districtId` and `locationId`; the server checks the location again.
 */
export function LocationPicker({ purpose, start, legend, error, onChange }: Props) {
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
    const answer = await locationChoicesAction({ purpose, level, parentId: Number(parentId) }).catch(() => null);
    if (ticket !== latest.current) return null;
    setLoading(null);
    if (!answer?.ok) {
      setFailure(answer?.message ?? "Something went wrong");
      return null;
    }
    return answer.data;
  }

  async function chooseDistrict(value: string) {
    setDistrictId(value);
    setLocations([]);
    setLocationId("");
    onChange?.();
    if (!value) return;
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
    if (!value) return;
    const found = await load("districts", value);
    if (!found) return;
    setDistricts(found);
    if (found.length === 1) await chooseDistrict(String(found[0].id));
  }

  const errorOf = (field: PickerField) => (error?.field === field ? error.message : undefined);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {/* One level under another: district and school names run long ("Prince George's County Public Schools"). */}
      <div className="flex max-w-md flex-col gap-4">
        <Level id={`${id}-region`} name="regionId" label="Region" value={regionId} choices={start.regions} placeholder="Choose a region" busy={false} error={errorOf("regionId")} onChoose={(v) => void chooseRegion(v)} />
        {regionId && (
          <Level id={`${id}-district`} name="districtId" label="District" value={districtId} choices={districts} placeholder="Choose a district" busy={loading === "districts"} error={errorOf("districtId")} onChoose={(v) => void chooseDistrict(v)} />
        )}
        {districtId && (
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
