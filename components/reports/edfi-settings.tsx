"use client";

import { useState, type FormEvent } from "react";
import { callApi, fieldMessages } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { EdfiSettings } from "@/lib/edfi/settings";

const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm aria-[invalid=true]:border-danger";

/**
 * The state's Ed-Fi settings (tenant admins): the namespace of its assessments and descriptors, the
 * grade level of the children assessed, and Ed-Fi's academic subject for each domain. Every file and
 * send uses them; an ODS refuses records whose descriptors it does not hold.
 */
export function EdfiSettingsForm({ initial }: { initial: EdfiSettings }) {
  const { showSnackbar } = useSnackbar();
  const [settings, setSettings] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const domains = Object.keys(settings.academicSubjects);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const body = {
      namespace: text("namespace"),
      gradeLevel: text("gradeLevel"),
      academicSubjects: Object.fromEntries(domains.map((code) => [code, text(`subject-${code}`)])),
    };
    setSaving(true);
    const answer = await callApi<{ message: string; settings: EdfiSettings }>("PUT", "/edfi/settings", body);
    setSaving(false);
    if (!answer.ok) {
      setErrors(fieldMessages(answer.errors));
      showSnackbar(answer.message, "error");
      return;
    }
    setErrors({});
    setSettings(answer.data.settings);
    showSnackbar(answer.data.message, "success");
  }

  const field = (name: string, label: string, value: string, hint?: string) => {
    const error = errors[name];
    const id = `edfi-settings-${name.replace(".", "-")}`;
    const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div className="flex flex-col gap-1.5" key={`${name}-${value}`}>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={id}
          name={name.startsWith("academicSubjects.") ? `subject-${name.slice(17)}` : name}
          defaultValue={value}
          required
          className={inputClass}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="text-xs text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={save} aria-labelledby="edfi-settings-heading" className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <h3 id="edfi-settings-heading" className="text-base font-semibold text-slate-900">
        Ed-Fi settings
      </h3>
      <p className="text-sm text-slate-700">
        Every file and every send uses these. Your state&apos;s data system must hold the performance level descriptors of this namespace before it takes the
        student results.
      </p>
      <div className="grid gap-4 tablet:grid-cols-2">
        {field("namespace", "Namespace", settings.namespace, "The namespace of your assessments and descriptors, for example uri://education.state.gov")}
        {field("gradeLevel", "Grade level", settings.gradeLevel, "The Ed-Fi grade level descriptor of the children assessed")}
      </div>
      <fieldset className="grid gap-4 tablet:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Academic subject of each domain</legend>
        {domains.map((code) => field(`academicSubjects.${code}`, `Domain ${code}`, settings.academicSubjects[code]))}
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" busy={saving}>
          Save Ed-Fi settings
        </Button>
      </div>
    </form>
  );
}
