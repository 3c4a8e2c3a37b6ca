"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Checkbox, Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import type { AdminCollection } from "@/lib/collections/admin-schemas";
import { collectionPath } from "@/lib/collections/admin-paths";
import { useChange } from "@/components/api/use-change";
import { dayToUnix, selectClass, unixToDay } from "./fields";

interface Choice {
  id: number;
  label: string;
}

/** The spec's dates: the first three are required. */
const DATES = [
  ["cycleStartDate", "Cycle start date", true],
  ["cycleEndDate", "Cycle end date", true],
  ["enrollmentEndDate", "Enrollment end date", true],
  ["dataDisplaysDate", "Data displays date", false],
  ["reportAccessDate", "Report access date", false],
  ["isrAccessDate", "ISR access date", false],
  ["omrAccessDate", "OMR access date", false],
  ["isrTeacherDate", "ISR teacher date", false],
] as const;

interface FormProps {
  collection?: AdminCollection;
  assessments: Choice[];
  schoolYears: Choice[];
  /** Collections that may be this one's parent (an ELA checkpoint's), the collection itself left out. */
  parents: Choice[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create (POST) or edit (PUT) a collection: name, assessment, school year, dates, hide token. */
function CollectionFormDialog({ collection, assessments, schoolYears, parents, open, onOpenChange }: FormProps) {
  const router = useRouter();
  const { hideSnackbar } = useSnackbar();
  const { busy, change } = useChange();
  const [errors, setErrors] = useState<{ field: string; message: string }[]>([]);
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const formId = collection ? "collection-edit-form" : "collection-create-form";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const body: Record<string, unknown> = {
      collectionName: text("collectionName"),
      schoolYear: Number(text("schoolYear")) || undefined,
      hideToken: form.has("hideToken"),
      parentDataCollectionId: Number(text("parentDataCollectionId")) || null,
    };
    for (const [name] of DATES) body[name] = dayToUnix(text(name));
    if (!collection) body.assessmentId = Number(text("assessmentId")) || undefined;
    else body.id = collection.id;
    // The last attempt's message goes: it is not this attempt's outcome.
    hideSnackbar();
    const answer = await change<{ dataCollection: AdminCollection }>(collection ? "PUT" : "POST", "/data-collections", body, {
      success: collection ? "Collection successfully updated" : "Collection successfully created",
      // A new collection may open its own page instead.
      refresh: !!collection || !form.has("openAfter"),
    });
    setErrors(answer.ok ? [] : answer.errors);
    if (!answer.ok) return;
    onOpenChange(false);
    if (!collection && form.has("openAfter")) router.push(collectionPath(answer.data.dataCollection.id));
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={collection ? "Edit collection" : "New collection"}
      description="Dates are calendar days. Cycle start, cycle end and enrollment end are required."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy}>
            {collection ? "Save changes" : "Create collection"}
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <Field
          label="Collection name"
          name="collectionName"
          required
          autoComplete="off"
          maxLength={200}
          defaultValue={collection?.collectionName ?? ""}
          error={errorOf("collectionName")}
        />
        <div className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
          {!collection && <ChoiceField label="Assessment" name="assessmentId" choices={assessments} error={errorOf("assessmentId")} />}
          <ChoiceField label="School year" name="schoolYear" choices={schoolYears} initial={collection?.schoolYear.id} error={errorOf("schoolYear")} />
          <ChoiceField
            label="Parent collection"
            name="parentDataCollectionId"
            choices={parents.filter((p) => p.id !== collection?.id)}
            initial={collection?.parentDataCollectionId ?? undefined}
            error={errorOf("parentDataCollectionId")}
            optional="None (not a checkpoint)"
          />
        </div>
        <fieldset className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold text-slate-800">Dates</legend>
          {DATES.map(([name, label, required]) => (
            <Field
              key={name}
              type="date"
              label={label}
              name={name}
              required={required}
              defaultValue={unixToDay(collection?.[name] ?? null)}
              error={errorOf(name)}
            />
          ))}
        </fieldset>
        <Checkbox label="Hide assignment tokens from everyone but tenant admins" name="hideToken" defaultChecked={collection?.hideToken ?? false} />
        {!collection && <Checkbox label="Open the collection when it is created" name="openAfter" defaultChecked />}
      </form>
    </Dialog>
  );
}

/** A select of ids; `optional` names the empty choice of a field that may stay empty. */
function ChoiceField({
  label,
  name,
  choices,
  initial,
  error,
  optional,
}: {
  label: string;
  name: string;
  choices: Choice[];
  initial?: number;
  error?: string;
  optional?: string;
}) {
  const id = `collection-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {!optional && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      <select
        id={id}
        name={name}
        required={!optional}
        defaultValue={initial ?? ""}
        className={selectClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{optional ?? "Choose…"}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** "New collection" (tenant admins). */
export function NewCollectionButton(props: Omit<FormProps, "open" | "onOpenChange" | "collection">) {
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setFormKey((k) => k + 1);
          setOpen(true);
        }}
      >
        New collection
      </Button>
      {open && <CollectionFormDialog key={formKey} {...props} open onOpenChange={setOpen} />}
    </>
  );
}

export function EditCollectionButton(props: Omit<FormProps, "open" | "onOpenChange"> & { collection: AdminCollection }) {
  const [open, setOpen] = useState(false);
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => {
          setFormKey((k) => k + 1);
          setOpen(true);
        }}
      >
        Edit collection
      </Button>
      {open && <CollectionFormDialog key={formKey} {...props} open onOpenChange={setOpen} />}
    </>
  );
}
