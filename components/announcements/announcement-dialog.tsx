"use client";

import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import type { FieldError } from "@/lib/platform/errors";
import { dayToUnix, unixToDay } from "./days";

export interface AnnouncementValues {
  title: string;
  text: string;
  startDate: number;
  endDate: number;
}

interface AnnouncementDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The announcement being edited, or null for a new one. */
  initial: AnnouncementValues | null;
  busy: boolean;
  errors: FieldError[];
  onSubmit: (values: AnnouncementValues) => void;
}

/** Title, text and the first and last day an announcement runs (whole days, as the page shows them). */
export function AnnouncementDialog({ open, onOpenChange, initial, busy, errors, onSubmit }: AnnouncementDialogProps) {
  const formId = useId();
  const textId = useId();
  const [title, setTitle] = useState(initial?.title ?? "");
  const [text, setText] = useState(initial?.text ?? "");
  const [start, setStart] = useState(initial ? unixToDay(initial.startDate) : "");
  const [end, setEnd] = useState(initial ? unixToDay(initial.endDate) : "");
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const error = (field: string) => (cleared.has(field) ? undefined : errors.find((e) => e.field === field)?.message);
  const edit = (field: string, set: (v: string) => void) => (value: string) => {
    setCleared((c) => new Set(c).add(field));
    set(value);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCleared(new Set());
    onSubmit({ title, text, startDate: dayToUnix(start, "start"), endDate: dayToUnix(end, "end") });
  }

  const textError = error("text");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={initial ? "Edit announcement" : "New announcement"}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {initial ? "Save changes" : "Create announcement"}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-5">
        <Field label="Title" required maxLength={200} value={title} onChange={(e) => edit("title", setTitle)(e.target.value)} error={error("title")} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={textId} className="text-sm font-medium text-slate-800">
            Text
            <span className="ml-0.5 text-danger" aria-hidden="true">
              *
            </span>
          </label>
          <textarea
            id={textId}
            required
            rows={4}
            maxLength={5000}
            value={text}
            onChange={(e) => edit("text", setText)(e.target.value)}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textError ? `${textId}-error` : undefined}
            className={`rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 ${textError ? "border-danger" : "border-slate-400"}`}
          />
          {textError && (
            <p id={`${textId}-error`} className="text-sm font-medium text-danger">
              {textError}
            </p>
          )}
        </div>
        <div className="grid gap-5 tablet:grid-cols-2">
          <Field
            label="Start date"
            type="date"
            required
            value={start}
            onChange={(e) => edit("startDate", setStart)(e.target.value)}
            error={error("startDate")}
          />
          <Field label="End date" type="date" required value={end} onChange={(e) => edit("endDate", setEnd)(e.target.value)} error={error("endDate")} />
        </div>
      </form>
    </Dialog>
  );
}
