"use client";

import { useState, type FormEvent } from "react";
import type { PickerError } from "@/components/organisations/location-picker";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/field";
import { PlainTable } from "@/components/ui/plain-table";
import type { PickerStart } from "@/lib/organisations/location-choices";
import type { OrgType } from "@/lib/users/labels";
import { useChange } from "@/components/api/use-change";
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
  const { busy, change } = useChange();
  const [pickerError, setPickerError] = useState<PickerError | null>(null);
  const url = `/users/${userId}/organizations`;

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
    void change("POST", url, { ...org, administrative: form.has("administrative") }, { success: LINK_ADDED });
  }

  return (
    <div className="flex flex-col gap-4">
      <PlainTable
        label="Organizations of this user"
        caption="Organizations of this user"
        columns={["Level", "Organization", "Role there", ...(editable ? ["Actions"] : [])]}
        rows={links}
        empty="No organizations within your administration."
      >
        {(l) => {
          const key = { orgType: l.orgType, parentId: l.parentId, memberUniqueId: l.memberUniqueId };
          return (
            <tr key={`${l.orgType}-${l.parentId}`} className="border-t border-slate-200">
              <th scope="row" className="font-medium">
                {LEVEL[l.orgType]}
              </th>
              <td>{l.label ?? "—"}</td>
              <td>{l.administrative ? <Badge tone="brand">Administrator</Badge> : "Member"}</td>
              {editable && (
                <td>
                  <span className="flex flex-wrap gap-2">
                    {l.administrative ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        onClick={() => change("PUT", url, { ...key, administrative: false }, { success: DEMOTED })}
                        aria-label={`Demote at ${l.label}`}
                      >
                        Demote
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        onClick={() => change("PUT", url, { ...key, administrative: true }, { success: PROMOTED })}
                        aria-label={`Promote to admin of ${l.label}`}
                      >
                        Promote to admin
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={busy}
                      onClick={() => change("DELETE", `${url}?orgType=${l.orgType}&parentId=${l.parentId}`, undefined, { success: LINK_REMOVED })}
                      aria-label={`Remove from ${l.label}`}
                    >
                      Remove
                    </Button>
                  </span>
                </td>
              )}
            </tr>
          );
        }}
      </PlainTable>
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
