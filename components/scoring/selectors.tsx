"use client";

import { useId } from "react";
import { Checkbox } from "@/components/ui/field";
import type { Filters } from "./filters";
import type { ScoringData } from "@/lib/scoring/screen-types";

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="h-9 w-full rounded-md border border-slate-400 bg-white px-2 text-sm text-slate-900 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The spec's selectors: item, student, set, group (when there are groups), domain, priority only. */
export function Selectors({ data, filters, onChange }: { data: ScoringData; filters: Filters; onChange: (f: Filters) => void }) {
  const set =
    <K extends keyof Filters>(key: K) =>
    (value: Filters[K]) =>
      onChange({ ...filters, [key]: value });
  return (
    <div className="grid grid-cols-2 items-end gap-3 tablet:grid-cols-3 desktop:grid-cols-6">
      <Select
        label="Item"
        value={filters.itemId}
        onChange={set("itemId")}
        options={[{ value: "", label: "All items" }, ...data.items.map((i) => ({ value: String(i.id), label: `${i.code} · ${i.label}` }))]}
      />
      <Select
        label="Student"
        value={filters.enrollmentId}
        onChange={set("enrollmentId")}
        options={[{ value: "", label: "All students" }, ...data.students.map((s) => ({ value: String(s.enrollmentId), label: s.name }))]}
      />
      <Select
        label="Set"
        value={filters.setId}
        onChange={set("setId")}
        options={[{ value: "", label: "All sets" }, ...data.sets.map((s) => ({ value: String(s.id), label: s.label }))]}
      />
      {data.groups.length > 0 && (
        <Select
          label="Group"
          value={filters.groupId}
          onChange={set("groupId")}
          options={[{ value: "", label: "All students" }, ...data.groups.map((g) => ({ value: String(g.id), label: g.label }))]}
        />
      )}
      <Select
        label="Domain"
        value={filters.domainId}
        onChange={set("domainId")}
        options={[
          { value: "", label: "All domains" },
          ...data.domains.map((d) => ({ value: String(d.id), label: `${d.depth ? "— ".repeat(d.depth) : ""}${d.code} · ${d.label}` })),
        ]}
      />
      {data.sets.length > 0 && (
        <Checkbox className="h-9" label="Priority items only" checked={filters.priorityOnly} onChange={(e) => set("priorityOnly")(e.target.checked)} />
      )}
    </div>
  );
}
