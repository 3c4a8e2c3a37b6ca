"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LocationPicker, pickedOrg, type PickerError } from "@/components/organisations/location-picker";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { FieldTestLocation } from "@/lib/collections/admin-schemas";
import type { PickerStart } from "@/lib/organisations/location-choices";
import { callApi } from "@/components/api/client";

/**
 * Field tests: the locations taking part, and a location picker for those that could (what the admin
 * administers). The spec (§8) shows the literal 'error' when an assignment fails; a change flags both
 * lists for reload (router.refresh).
 */
export function FieldTestsPanel({
  tenantId,
  collectionId,
  assigned,
  start,
}: {
  tenantId: number;
  collectionId: number;
  assigned: FieldTestLocation[];
  start: PickerStart;
}) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<number | "add" | null>(null);
  const [error, setError] = useState<PickerError | null>(null);

  async function change(location: Pick<FieldTestLocation, "id" | "nameLabel">, add: boolean) {
    setBusy(add ? "add" : location.id);
    const answer = await callApi(add ? "POST" : "DELETE", `/admin/tenants/${tenantId}/collections/${collectionId}/locations/${location.id}/fieldtests.json`);
    setBusy(null);
    if (!answer.ok) {
      showSnackbar("error", "error");
      return;
    }
    showSnackbar(add ? `${location.nameLabel} added to the field test` : `${location.nameLabel} removed from the field test`, "success");
    router.refresh();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = pickedOrg(event.currentTarget, setError, "location", (org) =>
      assigned.some((l) => l.id === org.id) ? `${org.name} already takes part in the field test` : null,
    );
    if (picked) void change({ id: picked.id, nameLabel: picked.name }, true);
  }

  return (
    <section aria-labelledby="fieldtests-heading" className="flex flex-col gap-4">
      <h2 id="fieldtests-heading" className="text-lg font-semibold text-slate-900">
        Field tests
      </h2>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white px-5 py-4">
        <h3 className="text-base font-semibold text-slate-900">Assigned ({assigned.length})</h3>
        {assigned.length === 0 ? (
          <p className="text-sm text-slate-600">No location takes part in a field test.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {assigned.map((l) => (
              <li key={l.id} className="flex items-center justify-between gap-2 text-sm">
                <span>{l.nameLabel}</span>
                <Button size="sm" variant="secondary" busy={busy === l.id} onClick={() => void change(l, false)}>
                  Remove {l.nameLabel} from the field test
                </Button>
              </li>
            ))}
          </ul>
        )}
        {start.regions.length > 0 && (
          <form className="flex w-full max-w-md flex-col items-start gap-4" onSubmit={submit} noValidate>
            <LocationPicker purpose="assign" start={start} legend="Add a location to the field test" error={error} onChange={() => setError(null)} />
            <Button type="submit" size="sm" busy={busy === "add"}>
              Add to field test
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
