"use client";

import { useState, type FormEvent } from "react";
import { LocationPicker, pickedOrg, type PickerError } from "@/components/organisations/location-picker";
import { Button } from "@/components/ui/button";
import type { FieldTestLocation } from "@/lib/collections/admin-schemas";
import type { PickerStart } from "@/lib/organisations/location-choices";
import { useChange } from "@/components/api/use-change";

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
  const { busy, change } = useChange();
  // Which button the running change belongs to: a location's remove, or "add".
  const [target, setTarget] = useState<number | "add">();
  const [error, setError] = useState<PickerError | null>(null);

  function assign(location: Pick<FieldTestLocation, "id" | "nameLabel">, add: boolean) {
    setTarget(add ? "add" : location.id);
    void change(add ? "POST" : "DELETE", `/admin/tenants/${tenantId}/collections/${collectionId}/locations/${location.id}/fieldtests.json`, undefined, {
      success: add ? `${location.nameLabel} added to the field test` : `${location.nameLabel} removed from the field test`,
      failure: "error",
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = pickedOrg(event.currentTarget, setError, "location", (org) =>
      assigned.some((l) => l.id === org.id) ? `${org.name} already takes part in the field test` : null,
    );
    if (picked) assign({ id: picked.id, nameLabel: picked.name }, true);
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
                <Button size="sm" variant="secondary" busy={busy && target === l.id} onClick={() => assign(l, false)}>
                  Remove {l.nameLabel} from the field test
                </Button>
              </li>
            ))}
          </ul>
        )}
        {start.regions.length > 0 && (
          <form className="flex w-full max-w-md flex-col items-start gap-4" onSubmit={submit} noValidate>
            <LocationPicker purpose="assign" start={start} legend="Add a location to the field test" error={error} onChange={() => setError(null)} />
            <Button type="submit" size="sm" busy={busy && target === "add"}>
              Add to field test
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
