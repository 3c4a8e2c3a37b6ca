"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LocationPicker, locationPickerError, type PickerError } from "@/components/organisations/location-picker";
import { Button } from "@/components/ui/button";
import { Checkbox, Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";
import { studentProfilePath } from "@/lib/enrollments/paths";
import type { PickerStart } from "@/lib/organisations/location-choices";
import type { StudentRow } from "@/lib/students/schemas";

const GENDER_OPTIONS = ["MALE", "FEMALE", "NON-BINARY", "UNKNOWN"] as const;
const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

interface Props {
  raceCodes: { id: number; label: string; value: number }[];
  /** Create: the location picker's first levels (the locations the admin administers); edit: the student. */
  locationStart?: PickerStart;
  student?: StudentRow;
}

/** Create or edit a student's demographics; race choices are summed by the server into the bitmask. */
export function StudentForm({ raceCodes, locationStart, student }: Props) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const [pickerError, setPickerError] = useState<PickerError | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const missing = locationStart ? locationPickerError(form) : null;
    setPickerError(missing);
    if (missing) {
      (event.currentTarget.elements.namedItem(missing.field) as HTMLSelectElement | null)?.focus();
      return;
    }
    const fields = {
      tenantUniqueId: text("tenantUniqueId"),
      firstName: text("firstName"),
      middleName: text("middleName") || null,
      lastName: text("lastName"),
      gender: text("gender"),
      dob: text("dob") || null,
      englishLanguageLearner: form.has("englishLanguageLearner") ? "1" : "0",
      lowSes: form.has("lowSes") ? "1" : "0",
      specialEducation: form.has("specialEducation") ? "1" : "0",
      specialEducationDisabilityCode: text("specialEducationDisabilityCode") || null,
      isrLanguage: text("isrLanguage") || null,
      races: form.getAll("races").map(Number),
    };
    setSaving(true);
    setError(null);
    const answer = await callApi<{ student: StudentRow }>(
      student ? "PUT" : "POST",
      "/students",
      student ? { student: { ...fields, id: student.id } } : { ...fields, locationId: Number(text("locationId")) },
    );
    setSaving(false);
    if (!answer.ok) {
      // The spec's text for a student form: every field's message, one per line, else the answer's.
      const message = answer.errors.length ? answer.errors.map((e) => e.message).join("\n") : answer.message;
      setError(message);
      showSnackbar(message, "error");
      return;
    }
    const saved = answer.data.student;
    showSnackbar(student ? "Student saved" : "Student created", "success");
    if (student) router.refresh();
    // Spec §2: a create opens the new student's profile under its location.
    else router.push(studentProfilePath(Number(text("regionId")), Number(text("districtId")), saved.parentLocationId ?? Number(text("locationId")), saved.id));
  }

  return (
    <form onSubmit={submit} className="flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      {error && (
        <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm whitespace-pre-line text-danger">
          {error}
        </p>
      )}
      <Field
        label="Student State ID"
        name="tenantUniqueId"
        required
        defaultValue={student?.tenantUniqueId}
        hint="Kept as typed, leading zeros included"
        autoComplete="off"
      />
      <div className="grid gap-4 tablet:grid-cols-3">
        <Field label="First name" name="firstName" required defaultValue={student?.firstName} autoComplete="off" />
        <Field label="Middle name" name="middleName" defaultValue={student?.middleName ?? ""} autoComplete="off" />
        <Field label="Last name" name="lastName" required defaultValue={student?.lastName} autoComplete="off" />
      </div>
      <div className="grid gap-4 tablet:grid-cols-2">
        <Field label="Birth date" name="dob" type="date" defaultValue={student?.dobDate ?? ""} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="student-gender" className="text-sm font-medium text-slate-800">
            Gender
          </label>
          <select id="student-gender" name="gender" className={selectClass} defaultValue={student?.gender ?? "UNKNOWN"}>
            {GENDER_OPTIONS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
      </div>
      {locationStart && (
        <LocationPicker
          purpose="enroll"
          start={locationStart}
          legend="Location (point of authority)"
          error={pickerError}
          onChange={() => setPickerError(null)}
        />
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Race</legend>
        <div className="grid gap-2 tablet:grid-cols-2">
          {raceCodes.map((r) => (
            <Checkbox key={r.id} label={r.label} name="races" value={r.value} defaultChecked={student ? (student.race & r.value) !== 0 : false} />
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Programmes</legend>
        <Checkbox label="English language learner" name="englishLanguageLearner" defaultChecked={student?.englishLanguageLearner} />
        <Checkbox label="Low socio-economic status" name="lowSes" defaultChecked={student?.lowSes} />
        <Checkbox label="Special education" name="specialEducation" defaultChecked={student?.specialEducation} />
      </fieldset>
      <Field label="Special education disability code" name="specialEducationDisabilityCode" defaultValue={student?.specialEducationDisabilityCode ?? ""} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="student-isr-language" className="text-sm font-medium text-slate-800">
          ISR language
        </label>
        <select
          id="student-isr-language"
          name="isrLanguage"
          className={selectClass}
          defaultValue={student?.isrLanguage ?? ""}
          aria-describedby="student-isr-language-hint"
        >
          <option value="">Not set (English)</option>
          <option value="en">English</option>
          <option value="es">Spanish (Español)</option>
        </select>
        <p id="student-isr-language-hint" className="text-xs text-slate-600">
          Used for this child&apos;s ISRs when a request does not choose a language.
        </p>
      </div>
      <div>
        <Button type="submit" disabled={saving}>
          {student ? "Save student" : "Create student"}
        </Button>
      </div>
    </form>
  );
}
