"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LocationPicker, pickedOrg, type PickerError } from "@/components/organisations/location-picker";
import { Button } from "@/components/ui/button";
import { useSnackbar } from "@/components/ui/snackbar";
import type { AssignedOrg } from "@/lib/collections/admin-schemas";
import type { PickerStart } from "@/lib/organisations/location-choices";
import { callApi } from "@/components/api/client";

type Level = "region" | "district" | "location";
interface Org {
  id: number;
  nameLabel: string;
}

const NAMES: Record<Level, string> = { region: "region", district: "district", location: "location" };

/** POST or DELETE .../collections/{c}/{level}s.json; the answer says how many children followed. */
function useAssign(tenantId: number, collectionId: number) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(level: Level, org: Org, assign: boolean) {
    setBusy(`${level}-${org.id}`);
    const base = `/admin/tenants/${tenantId}/collections/${collectionId}/${level}s.json`;
    const answer = assign
      ? await callApi<{ assigned: number }>("POST", base, { [`${level}Id`]: org.id })
      : await callApi<{ unassigned: number }>("DELETE", `${base}?${level}Id=${org.id}`);
    setBusy(null);
    if (!answer.ok) {
      showSnackbar(answer.message, "error");
      return;
    }
    const data = answer.data as { assigned: number; unassigned: number };
    showSnackbar(
      assign
        ? `Collection assigned to ${org.nameLabel} (${data.assigned} students added)`
        : `Assignment to ${org.nameLabel} removed (${data.unassigned} students unassigned)`,
      "success",
    );
    router.refresh();
  }
  return { busy, run };
}

/** Assign at one level through the location picker, stopped at that level; an organisation already assigned is refused here. */
function AssignForm({
  level,
  start,
  assigned,
  onAssign,
  busy,
}: {
  level: Level;
  start: PickerStart;
  assigned: Org[];
  onAssign: (org: Org) => void;
  busy: boolean;
}) {
  const [error, setError] = useState<PickerError | null>(null);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const picked = pickedOrg(event.currentTarget, setError, level, (org) => (assigned.some((a) => a.id === org.id) ? `Already assigned to ${org.name}` : null));
    if (picked) onAssign({ id: picked.id, nameLabel: picked.name });
  }
  return (
    <form className="flex flex-col items-start gap-4" onSubmit={submit} noValidate>
      <LocationPicker purpose="assign" depth={level} start={start} legend={`Assign to a ${NAMES[level]}`} error={error} onChange={() => setError(null)} />
      <Button type="submit" size="sm" busy={busy}>
        Assign {NAMES[level]}
      </Button>
    </form>
  );
}

/** The collection's assignments at each level, with assign and remove for what the admin administers. */
export function AssignmentsPanel(props: {
  tenantId: number;
  collectionId: number;
  assigned: Record<Level, AssignedOrg[]>;
  /** The picker's first levels for each level: what the admin administers. */
  starts: Record<Level, PickerStart>;
}) {
  const { busy, run } = useAssign(props.tenantId, props.collectionId);
  const levels: Level[] = ["region", "district", "location"];
  return (
    <section aria-labelledby="assignments-heading" className="flex flex-col gap-4">
      <h2 id="assignments-heading" className="text-lg font-semibold text-slate-900">
        Assignments
      </h2>
      <p className="text-sm text-slate-600">An assignment covers everything under it: assigning also assigns the active children enrolled there.</p>
      <div className="grid grid-cols-1 gap-4 desktop:grid-cols-3">
        {levels.map((level) => (
          <div key={level} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white px-5 py-4">
            <h3 className="text-base font-semibold text-slate-900 capitalize">{NAMES[level]}s</h3>
            {props.assigned[level].length === 0 ? (
              <p className="text-sm text-slate-600">Not assigned to any {NAMES[level]}.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {props.assigned[level].map((org) => (
                  <li key={org.id} className="flex flex-col items-start gap-1 text-sm">
                    <span>{org.nameLabel}</span>
                    <Button size="sm" variant="secondary" busy={busy === `${level}-${org.id}`} onClick={() => void run(level, org, false)}>
                      Remove {org.nameLabel}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {props.starts[level].regions.length > 0 && (
              <AssignForm
                level={level}
                start={props.starts[level]}
                assigned={props.assigned[level]}
                onAssign={(org) => void run(level, org, true)}
                busy={busy?.startsWith(`${level}-`) ?? false}
              />
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
