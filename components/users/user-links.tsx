"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { PickerError } from "@/components/organisations/location-picker";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import type { PickerStart } from "@/lib/organisations/location-choices";
import type { OrgType } from "@/lib/users/labels";
import { callApi } from "@/components/api/client";
import { DEMOTED, LINK_ADDED, LINK_REMOVED, PROMOTED } from "@/lib/users/messages";
import { chosenOrg, OrgPicker, type OrgOption } from "./org-picker";

export interface LinkRow {
  orgType: OrgType;
  parentId: number;
  administrative: boolean;
  memberUniqueId: string | null;
  label: string | null;
}

const LEVEL: Record<OrgType, string> = { region: "Region", district: "District", location: "Location" };

/** The user's organisation links within the admin's reach: promote, demote, remove, and add one. */
export function UserLinks({
  userId,
  links,
  organizations,
  editable,
}: {
  userId: number;
  links: LinkRow[];
  organizations: { options: OrgOption[]; locationStart: PickerStart };
  editable: boolean;
}) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const [pickerError, setPickerError] = useState<PickerError | null>(null);
  const url = `/users/${userId}/organizations`;

  async function send(method: string, body: unknown, success: string, query = "") {
    setBusy(true);
    const answer = await callApi(method, `${url}${query}`, body === null ? undefined : body);
    setBusy(false);
    if (!answer.ok) return showSnackbar(answer.message, "error");
    showSnackbar(success, "success");
    router.refresh();
  }
  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const org = chosenOrg(form);
    if (!org) return;
    if ("error" in org) {
      setPickerError(org.error);
      (event.currentTarget.elements.namedItem(org.error.field) as HTMLSelectElement | null)?.focus();
      return;
    }
    void send("POST", { ...org, administrative: form.has("administrative") }, LINK_ADDED);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Organizations of this user">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Organizations of this user</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Level
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Organization
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Role there
              </th>
              {editable && (
                <th scope="col" className="px-4 py-2.5 font-semibold">
                  Actions
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {links.length === 0 && (
              <tr>
                <td colSpan={editable ? 4 : 3} className="px-4 py-6 text-center text-slate-600">
                  No organizations within your administration.
                </td>
              </tr>
            )}
            {links.map((l) => {
              const key = { orgType: l.orgType, parentId: l.parentId, memberUniqueId: l.memberUniqueId };
              return (
                <tr key={`${l.orgType}-${l.parentId}`} className="border-t border-slate-200">
                  <th scope="row" className="px-4 py-2.5 font-medium">
                    {LEVEL[l.orgType]}
                  </th>
                  <td className="px-4 py-2.5">{l.label ?? "—"}</td>
                  <td className="px-4 py-2.5">{l.administrative ? <Badge tone="brand">Administrator</Badge> : "Member"}</td>
                  {editable && (
                    <td className="px-4 py-2.5">
                      <span className="flex flex-wrap gap-2">
                        {l.administrative ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={busy}
                            onClick={() => send("PUT", { ...key, administrative: false }, DEMOTED)}
                            aria-label={`Demote at ${l.label}`}
                          >
                            Demote
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={busy}
                            onClick={() => send("PUT", { ...key, administrative: true }, PROMOTED)}
                            aria-label={`Promote to admin of ${l.label}`}
                          >
                            Promote to admin
                          </Button>
                        )}
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busy}
                          onClick={() => send("DELETE", null, LINK_REMOVED, `?orgType=${l.orgType}&parentId=${l.parentId}`)}
                          aria-label={`Remove from ${l.label}`}
                        >
                          Remove
                        </Button>
                      </span>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editable && (organizations.options.length > 0 || organizations.locationStart.regions.length > 0) && (
        <form onSubmit={add} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-label="Add an organization">
          <h3 className="text-sm font-semibold text-slate-900">Add an organization</h3>
          <OrgPicker
            options={organizations.options}
            locationStart={organizations.locationStart}
            idPrefix="add-link"
            error={pickerError}
            onChange={() => setPickerError(null)}
          />
          <Checkbox label="Administrator of this organization" name="administrative" />
          <div>
            <Button type="submit" variant="secondary" disabled={busy}>
              Add organization
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
