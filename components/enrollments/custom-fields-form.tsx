"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import type { CustomField } from "@/lib/enrollments/custom-fields";
import type { EnrollmentRow } from "@/lib/enrollments/schemas";
import { fieldMessages } from "@/components/api/client";
import { useChange } from "@/components/api/use-change";

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

/** The value a field sends (spec §5): blank is null, a numeric field's value a number. */
function sent(field: CustomField, raw: string): string | number | null {
  const value = raw.trim();
  if (!value) return null;
  return field.dataType === "number" && Number.isFinite(Number(value)) ? Number(value) : value;
}

/** The tenant's custom fields of one enrollment, with prior care; the server checks every value. */
export function CustomFieldsForm({ enrollment, fields }: { enrollment: EnrollmentRow; fields: CustomField[] }) {
  const { busy, change } = useChange();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = { id: enrollment.id, priorCare: String(form.get("priorCare") ?? "").trim() || null };
    for (const f of fields) body[f.key] = sent(f, String(form.get(f.key) ?? ""));
    const answer = await change("PUT", "/enrollments", body, { success: "Enrollment saved" });
    setErrors(answer.ok ? {} : fieldMessages(answer.errors));
  }

  const value = (key: string) => {
    const v = (enrollment as Record<string, unknown>)[key];
    return v === null || v === undefined ? "" : String(v);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
      aria-labelledby="custom-fields-heading"
    >
      <h2 id="custom-fields-heading" className="text-base font-semibold text-slate-900">
        Enrollment fields at {enrollment.locationName}
      </h2>
      <Field label="Prior care" name="priorCare" defaultValue={enrollment.priorCare ?? ""} error={errors.priorCare} autoComplete="off" />
      {fields.map((f) =>
        f.dataType === "select" || f.dataType === "boolean" ? (
          <div key={f.key} className="flex flex-col gap-1.5">
            <label htmlFor={`field-${f.key}`} className="text-sm font-medium text-slate-800">
              {f.label}
              {f.required && (
                <span className="ml-0.5 text-danger" aria-hidden="true">
                  *
                </span>
              )}
            </label>
            <select
              id={`field-${f.key}`}
              name={f.key}
              defaultValue={value(f.key)}
              className={selectClass}
              required={f.required}
              aria-invalid={errors[f.key] ? true : undefined}
              aria-describedby={errors[f.key] ? `field-${f.key}-error` : undefined}
            >
              <option value="">—</option>
              {(f.dataType === "boolean"
                ? [
                    { value: "true", label: "Yes" },
                    { value: "false", label: "No" },
                  ]
                : f.options
              ).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors[f.key] && (
              <p id={`field-${f.key}-error`} className="text-sm font-medium text-danger">
                {errors[f.key]}
              </p>
            )}
          </div>
        ) : (
          <Field
            key={f.key}
            label={f.label}
            name={f.key}
            type={f.dataType === "number" ? "number" : f.dataType === "date" ? "date" : "text"}
            inputMode={f.dataType === "number" ? "decimal" : undefined}
            defaultValue={value(f.key)}
            required={f.required}
            error={errors[f.key]}
            autoComplete="off"
          />
        ),
      )}
      <div>
        <Button type="submit" busy={busy}>
          Save fields
        </Button>
      </div>
    </form>
  );
}
