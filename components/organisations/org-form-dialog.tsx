"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Checkbox, Field } from "@/components/ui/field";
import type { FieldError } from "@/lib/platform/errors";

export interface OrgValues {
  nameLabel: string;
  uniqueId: string | null;
  isCensus?: boolean;
}

interface OrgFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initial: OrgValues;
  /** Districts carry the census flag (spec: isCensus). */
  withCensus: boolean;
  busy: boolean;
  errors: FieldError[];
  onSubmit: (values: OrgValues) => void;
}

/** Name, unique id and (districts) census: the fields of a region, district or location (spec §3). */
export function OrgFormDialog({ open, onOpenChange, title, submitLabel, initial, withCensus, busy, errors, onSubmit }: OrgFormDialogProps) {
  const [values, setValues] = useState(initial);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const formId = `org-form-${title.replace(/\W+/g, "-").toLowerCase()}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ ...values, uniqueId: values.uniqueId?.trim() ? values.uniqueId : null });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field
          label="Name"
          name="nameLabel"
          required
          autoComplete="off"
          maxLength={200}
          value={values.nameLabel}
          error={errorOf("nameLabel")}
          onChange={(e) => setValues({ ...values, nameLabel: e.target.value })}
        />
        <Field
          label="Unique ID"
          name="uniqueId"
          autoComplete="off"
          maxLength={50}
          hint="The state's own code, if it has one"
          value={values.uniqueId ?? ""}
          error={errorOf("uniqueId")}
          onChange={(e) => setValues({ ...values, uniqueId: e.target.value })}
        />
        {withCensus && (
          <Checkbox
            label="Census district"
            name="isCensus"
            checked={values.isCensus ?? false}
            onChange={(e) => setValues({ ...values, isCensus: e.target.checked })}
          />
        )}
      </form>
    </Dialog>
  );
}
