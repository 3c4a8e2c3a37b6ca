"use client";

import Link from "next/link";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, type ColumnDef } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { Checkbox, Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import type { FieldError } from "@/lib/platform/errors";
import { Select, TextArea } from "./form-controls";
import { useChange } from "@/components/api/use-change";

/*
 * One list of the system area with its create, edit and delete: a table and a form dialog driven by
 * plain data, so server pages describe each section (fields, columns, endpoint, the spec's texts)
 * without a component of its own. Changes go to the system API; the page refreshes after each.
 */

export interface FieldDef {
  name: string;
  label: string;
  kind: "text" | "textarea" | "number" | "select" | "checkbox" | "date";
  required?: boolean;
  hint?: string;
  /** Select choices; the empty value means "none" (sent as null). */
  options?: { value: string; label: string }[];
  /** Select values are ids: sent as numbers. */
  numeric?: boolean;
  /** Shown in the create form only (fields fixed once created). */
  createOnly?: boolean;
  /** Shown when editing only (an account's enabled flag). */
  editOnly?: boolean;
}

export type Row = { id: number; href?: string } & Record<string, string | number | boolean | null | undefined>;

export interface SectionTexts {
  created: string;
  updated: string;
  deleted?: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed?: string;
}

interface CrudSectionProps {
  title: string;
  /** What one row is, in lower case ("hierarchy item"): names the buttons and dialogs. */
  noun: string;
  columns: { key: string; label: string }[];
  rows: Row[];
  fields: FieldDef[];
  /** API path (under /en/api/v1) taking POST, PUT {id, ...} and, with deletable, DELETE {id}. */
  endpoint: string;
  texts: SectionTexts;
  /** Sent with every create (the parent's id). */
  fixed?: Record<string, string | number | null>;
  deletable?: boolean;
  empty: string;
  /** Replaces the plain "New …" button (a create that needs more than one call); null: no create here. */
  newButton?: ReactNode | null;
}

type Values = Record<string, string | boolean>;

const toDate = (unix: unknown) => (typeof unix === "number" ? new Date(unix * 1000).toISOString().slice(0, 10) : "");

function initialValues(fields: FieldDef[], row?: Row): Values {
  return Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.name];
      if (f.kind === "checkbox") return [f.name, Boolean(v)];
      if (f.kind === "date") return [f.name, toDate(v)];
      return [f.name, v === null || v === undefined ? "" : String(v)];
    }),
  );
}

/** Form values as the API wants them: numbers, nulls for empty optional fields, dates as unix seconds. */
function bodyOf(fields: FieldDef[], values: Values): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.name];
      if (f.kind === "checkbox") return [f.name, v === true];
      const text = String(v ?? "").trim();
      if (f.kind === "date") return [f.name, text ? Date.parse(`${text}T00:00:00Z`) / 1000 : undefined];
      if (f.kind === "number" || (f.kind === "select" && f.numeric)) return [f.name, text === "" ? null : Number(text)];
      if (!f.required && text === "") return [f.name, null];
      return [f.name, String(v ?? "")];
    }),
  );
}

function Cell({ row, column, first }: { row: Row; column: string; first: boolean }) {
  const v = row[column];
  const text = v === null || v === undefined || v === "" ? "—" : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v);
  if (first && row.href) {
    return (
      <Link className="font-medium text-brand-700 underline-offset-2 hover:underline" href={row.href}>
        {text}
      </Link>
    );
  }
  return <>{text}</>;
}

export function CrudSection({ title, noun, columns, rows, fields, endpoint, texts, fixed = {}, deletable = false, empty, newButton }: CrudSectionProps) {
  const { hideSnackbar } = useSnackbar();
  const { busy, change } = useChange();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const formId = `form-${noun.replace(/\W+/g, "-")}`;

  function open(row: Row | "new") {
    setValues(initialValues(fields, row === "new" ? undefined : row));
    setErrors([]);
    setAlert(null);
    setEditing(row);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const isNew = editing === "new";
    const shown = fields.filter((f) => (isNew ? !f.editOnly : !f.createOnly));
    const body = isNew ? { ...fixed, ...bodyOf(shown, values) } : { id: editing.id, ...bodyOf(shown, values) };
    // A new attempt: the last attempt's message goes, so it is not read as this one's outcome while
    // the call is under way (a slow save showed the earlier error beside a save that worked).
    hideSnackbar();
    const result = await change(isNew ? "POST" : "PUT", endpoint, body, {
      success: isNew ? texts.created : texts.updated,
      failure: isNew ? texts.createFailed : texts.updateFailed,
    });
    if (!result.ok) {
      setErrors(result.errors);
      setAlert(result.message);
    } else setEditing(null);
  }

  async function remove(row: Row) {
    hideSnackbar();
    const result = await change("DELETE", endpoint, { id: row.id }, { success: texts.deleted ?? "Deleted", failure: texts.deleteFailed });
    if (!result.ok) setAlert(result.message);
    else setDeleting(null);
  }

  const tableColumns: ColumnDef<Row, unknown>[] = [
    ...columns.map((c, i) => ({
      id: c.key,
      accessorFn: (r: Row) => r[c.key] ?? "",
      header: c.label,
      cell: ({ row }: { row: { original: Row } }) => <Cell row={row.original} column={c.key} first={i === 0} />,
    })),
    {
      id: "actions",
      header: "Actions",
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => open(row.original)}
            aria-label={`Edit ${noun} ${String(row.original[columns[0].key] ?? row.original.id)}`}
          >
            Edit
          </Button>
          {deletable && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                setAlert(null);
                setDeleting(row.original);
              }}
              aria-label={`Delete ${noun} ${String(row.original[columns[0].key] ?? row.original.id)}`}
            >
              Delete
            </Button>
          )}
        </div>
      ),
    },
  ];

  const errorOf = (name: string) => errors.find((e) => e.field === name)?.message;
  const set = (name: string, value: string | boolean) => setValues((v) => ({ ...v, [name]: value }));
  const isNew = editing === "new";

  return (
    <Card
      title={title}
      actions={
        newButton === undefined ? (
          <Button size="sm" onClick={() => open("new")}>
            New {noun}
          </Button>
        ) : (
          newButton
        )
      }
    >
      <DataTable caption={title} columns={tableColumns} data={rows} pageSize={100} getRowId={(r) => String(r.id)} empty={empty} />
      {editing && (
        <Dialog
          open
          onOpenChange={(o) => !o && setEditing(null)}
          title={isNew ? `New ${noun}` : `Edit ${noun}`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button type="submit" form={formId} busy={busy}>
                {isNew ? `Create ${noun}` : "Save changes"}
              </Button>
            </>
          }
        >
          <form id={formId} className="flex flex-col gap-4" onSubmit={save} noValidate>
            {alert && (
              <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
                {alert}
              </p>
            )}
            {fields
              .filter((f) => (isNew ? !f.editOnly : !f.createOnly))
              .map((f) => {
                const common = { key: f.name, label: f.label, required: f.required, name: f.name };
                const value = values[f.name];
                if (f.kind === "checkbox")
                  return <Checkbox key={f.name} label={f.label} name={f.name} checked={value === true} onChange={(e) => set(f.name, e.target.checked)} />;
                if (f.kind === "textarea")
                  return (
                    <TextArea {...common} key={f.name} value={String(value ?? "")} error={errorOf(f.name)} onChange={(e) => set(f.name, e.target.value)} />
                  );
                if (f.kind === "select")
                  return (
                    <Select
                      {...common}
                      key={f.name}
                      options={f.options ?? []}
                      value={String(value ?? "")}
                      error={errorOf(f.name)}
                      onChange={(e) => set(f.name, e.target.value)}
                    />
                  );
                return (
                  <Field
                    {...common}
                    key={f.name}
                    type={f.kind === "number" ? "number" : f.kind === "date" ? "date" : "text"}
                    step={f.kind === "number" ? "any" : undefined}
                    autoComplete="off"
                    hint={f.hint}
                    value={String(value ?? "")}
                    error={errorOf(f.name)}
                    onChange={(e) => set(f.name, e.target.value)}
                  />
                );
              })}
          </form>
        </Dialog>
      )}
      <Dialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete ${noun}?`}
        size="sm"
        description={`“${String(deleting?.[columns[0].key] ?? "")}” is removed for good.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={busy} onClick={() => deleting && void remove(deleting)}>
              Delete {noun}
            </Button>
          </>
        }
      >
        {alert && deleting && (
          <p role="alert" className="text-sm text-danger">
            {alert}
          </p>
        )}
      </Dialog>
    </Card>
  );
}
