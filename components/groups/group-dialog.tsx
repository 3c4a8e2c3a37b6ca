"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Checkbox, Field } from "@/components/ui/field";
import { Dialog } from "@/components/ui/dialog";
import { GROUP_COLORS } from "@/lib/scoring/group-colors";
import type { FieldError } from "@/lib/platform/errors";

export interface GroupStudent {
  studentEnrollmentId: number;
  name: string;
}

export interface GroupValues {
  label: string;
  color: string;
  enrollmentIds: number[];
}

interface GroupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group being edited, or null for a new one. */
  initial: GroupValues | null;
  students: GroupStudent[];
  busy: boolean;
  errors: FieldError[];
  /** A field was changed: its error no longer applies. */
  onFieldChange: (field: keyof GroupValues) => void;
  onSubmit: (values: GroupValues) => void;
}

/** Label, colour (the palette as a radio group) and members (the class list) of a new or edited group. */
export function GroupDialog({ open, onOpenChange, initial, students, busy, errors, onFieldChange, onSubmit }: GroupDialogProps) {
  const formId = useId();
  const [label, setLabel] = useState(initial?.label ?? "");
  const [color, setColor] = useState(initial?.color.toLowerCase() ?? GROUP_COLORS[0].hex);
  // Members no longer on the teacher's roster cannot be saved again, so the form keeps only rostered ones.
  const [members, setMembers] = useState(() => new Set((initial?.enrollmentIds ?? []).filter((id) => students.some((s) => s.studentEnrollmentId === id))));
  const error = (field: string) => errors.find((e) => e.field === field)?.message;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit({ label, color, enrollmentIds: students.map((s) => s.studentEnrollmentId).filter((id) => members.has(id)) });
  }

  function toggle(id: number, on: boolean) {
    onFieldChange("enrollmentIds");
    setMembers((m) => {
      const next = new Set(m);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={initial ? "Edit group" : "New group"}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {initial ? "Save changes" : "Create group"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Field
          label="Label"
          required
          maxLength={100}
          value={label}
          onChange={(e) => {
            onFieldChange("label");
            setLabel(e.target.value);
          }}
          error={error("label")}
        />
        <ColorPicker
          value={color}
          onChange={(hex) => {
            onFieldChange("color");
            setColor(hex);
          }}
          error={error("color")}
        />
        <MemberPicker
          students={students}
          members={members}
          toggle={toggle}
          setAll={(on) => {
            onFieldChange("enrollmentIds");
            setMembers(new Set(on ? students.map((s) => s.studentEnrollmentId) : []));
          }}
          error={error("enrollmentIds")}
        />
      </form>
    </Dialog>
  );
}

function ColorPicker({ value, onChange, error }: { value: string; onChange: (hex: string) => void; error?: string }) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">Colour</legend>
      <div className="flex flex-wrap gap-3">
        {GROUP_COLORS.map((c) => (
          <label key={c.hex} className="flex cursor-pointer items-center gap-2 rounded-md py-1 pr-2 text-sm text-slate-800">
            <input type="radio" name={name} value={c.hex} checked={value === c.hex} onChange={() => onChange(c.hex)} className="peer sr-only" />
            <span
              aria-hidden="true"
              className={cn(
                "size-7 rounded-full ring-2 ring-transparent ring-offset-2 peer-checked:ring-slate-900 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-600",
                c.swatch,
              )}
            />
            {c.name}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function MemberPicker({
  students,
  members,
  toggle,
  setAll,
  error,
}: {
  students: GroupStudent[];
  members: Set<number>;
  toggle: (id: number, on: boolean) => void;
  setAll: (on: boolean) => void;
  error?: string;
}) {
  const all = useRef<HTMLInputElement>(null);
  const errorId = `${useId()}-error`;
  const every = students.length > 0 && members.size === students.length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = members.size > 0 && !every;
  }, [members.size, every]);
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Members{" "}
        <span className="font-normal text-slate-600">
          ({members.size} of {students.length} selected)
        </span>
      </legend>
      {students.length === 0 ? (
        <p className="text-sm text-slate-600">None of your students is assigned to this collection.</p>
      ) : (
        <>
          <Checkbox ref={all} label="Select all" checked={every} onChange={(e) => setAll(e.target.checked)} className="mb-2 border-b border-slate-200 pb-2" />
          <ul className="grid max-h-64 grid-cols-1 gap-x-4 gap-y-1.5 overflow-y-auto tablet:grid-cols-2">
            {students.map((s) => (
              <li key={s.studentEnrollmentId}>
                <Checkbox label={s.name} checked={members.has(s.studentEnrollmentId)} onChange={(e) => toggle(s.studentEnrollmentId, e.target.checked)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
