"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LocationPicker, locationPickerError, type PickerError } from "@/components/organisations/location-picker";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { PickerStart } from "@/lib/organisations/location-choices";
import type { EnrollmentChoice } from "@/lib/transfers/choices";
import { callApi } from "@/components/api/client";

const selectClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

/** The sending side's request: which enrollment, and where to. Answers the spec's 'Student Transfer Requested'. */
export function RequestTransferForm({
  studentId,
  enrollments,
  locationStart,
}: {
  studentId: number;
  enrollments: EnrollmentChoice[];
  locationStart: PickerStart;
}) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const [pickerError, setPickerError] = useState<PickerError | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const missing = locationPickerError(form);
    setPickerError(missing);
    if (missing) {
      (event.currentTarget.elements.namedItem(missing.field) as HTMLSelectElement | null)?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const answer = await callApi<{ message: string }>("POST", "/transfers", {
      studentId,
      enrollmentId: Number(form.get("enrollmentId")),
      locationId: Number(form.get("locationId")),
    });
    setSaving(false);
    if (!answer.ok) {
      setError(answer.message);
      showSnackbar(answer.message, "error");
      return;
    }
    showSnackbar(answer.data.message, "success");
    router.push("/administrator/transfers?list=outgoing");
  }

  return (
    <form onSubmit={submit} className="flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6" noValidate>
      {error && (
        <p role="alert" className="rounded-md border border-danger bg-red-50 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="transfer-enrollment" className="text-sm font-medium text-slate-800">
          Enrollment to move
        </label>
        <select id="transfer-enrollment" name="enrollmentId" className={selectClass} required>
          {enrollments.map((e) => (
            <option key={e.id} value={e.id}>
              {e.locationName}
              {e.isPointOfAuthority ? " (point of authority)" : ""}
            </option>
          ))}
        </select>
      </div>
      <LocationPicker purpose="transfer" start={locationStart} legend="Receiving location" error={pickerError} onChange={() => setPickerError(null)} />
      <div>
        <Button type="submit" busy={saving}>
          Request transfer
        </Button>
      </div>
    </form>
  );
}
