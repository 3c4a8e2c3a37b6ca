"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { FieldTestLocation } from "@/lib/collections/admin-schemas";
import { callApi, selectClass } from "./api";

/**
 * Field tests: the locations taking part and those that could. The spec (§8) shows the literal
 * 'error' when an assignment fails; a change flags both lists for reload (router.refresh).
 */
export function FieldTestsPanel({ tenantId, collectionId, assigned, available }: { tenantId: number; collectionId: number; assigned: FieldTestLocation[]; available: FieldTestLocation[] }) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<number | null>(null);

  async function change(location: FieldTestLocation, add: boolean) {
    setBusy(location.id);
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
    const chosen = available.find((l) => l.id === Number(new FormData(event.currentTarget).get("locationId")));
    if (chosen) void change(chosen, true);
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
        {available.length > 0 && (
          <form className="flex flex-wrap items-end gap-3" onSubmit={submit}>
            <div className="flex flex-col gap-1.5">
              <label htmlFor="fieldtest-location" className="text-sm font-medium text-slate-800">
                Available ({available.length})
              </label>
              <select id="fieldtest-location" name="locationId" required defaultValue="" className={`${selectClass} min-w-56`}>
                <option value="" disabled>
                  Choose a location…
                </option>
                {available.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.nameLabel}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" size="sm">
              Add to field test
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
