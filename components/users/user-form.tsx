"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { PickerError } from "@/components/organisations/location-picker";
import { Button } from "@/components/ui/button";
import { Checkbox, Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import { callApi } from "@/components/api/client";
import { GRANTABLE_ROLES, holdsRole } from "@/lib/auth/permissions";
import { rolesLabel, userPath } from "@/lib/users/labels";
import { USER_CREATED, USER_CREATED_NO_INVITE, USER_SAVED } from "@/lib/users/messages";
import type { UserRow } from "@/lib/users/schemas";
import type { PickerStart } from "@/lib/organisations/location-choices";
import { chosenOrg, OrgPicker, type OrgOption } from "./org-picker";

interface Props {
  /** Create: the organisations the admin may link the new user to. */
  organizations?: { options: OrgOption[]; locationStart: PickerStart };
  /** Edit: the user. */
  user?: UserRow;
}

/** Create (with one organisation link and the invitation mail) or edit a user's account. */
export function UserForm({ organizations, user }: Props) {
  const router = useRouter();
  const { showSnackbar } = useSnackbar();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pickerError, setPickerError] = useState<PickerError | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const org = user ? null : chosenOrg(form);
    if (org && "error" in org) {
      setPickerError(org.error);
      (event.currentTarget.elements.namedItem(org.error.field) as HTMLSelectElement | null)?.focus();
      return;
    }
    const fields = {
      firstName: text("firstName"),
      lastName: text("lastName"),
      email: text("email"),
      tenantMemberId: text("tenantMemberId") || null,
      roles: form.getAll("roles").map(String),
    };
    const sendInvite = form.has("sendInvite");
    const body = user
      ? { ...fields, id: user.id }
      : { ...fields, sendInvite, organizations: org ? [{ ...org, administrative: form.has("administrative") }] : [] };
    setSaving(true);
    const answer = await callApi<{ user?: UserRow }>(user ? "PUT" : "POST", "/users", body);
    setSaving(false);
    if (!answer.ok) {
      setErrors(Object.fromEntries(answer.errors.map((e) => [e.field.split(".")[0], e.message])));
      showSnackbar(answer.message, "error");
      return;
    }
    setErrors({});
    if (user) {
      showSnackbar(USER_SAVED, "success");
      router.refresh();
    } else {
      showSnackbar(sendInvite ? USER_CREATED : USER_CREATED_NO_INVITE, "success");
      router.push(userPath(answer.data.user!.id));
    }
  }

  return (
    <form
      onSubmit={submit}
      className="flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
      noValidate
      aria-label={user ? "Edit user" : "New user"}
    >
      <div className="grid gap-4 tablet:grid-cols-2">
        <Field label="First name" name="firstName" required defaultValue={user?.firstName} error={errors.firstName} autoComplete="off" />
        <Field label="Last name" name="lastName" required defaultValue={user?.lastName} error={errors.lastName} autoComplete="off" />
      </div>
      <Field label="Email" name="email" type="email" required defaultValue={user?.email} error={errors.email} hint="Also the sign-in name" autoComplete="off" />
      <Field label="Tenant member ID" name="tenantMemberId" defaultValue={user?.tenantMemberId ?? ""} error={errors.tenantMemberId} autoComplete="off" />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Roles</legend>
        {GRANTABLE_ROLES.map((role, i) => (
          <Checkbox key={role} label={rolesLabel([role])} name="roles" value={role} defaultChecked={user ? holdsRole(user, role) : i === 0} />
        ))}
        {errors.roles && <p className="text-sm text-danger">{errors.roles}</p>}
      </fieldset>
      {organizations && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">Organization</legend>
          <OrgPicker
            options={organizations.options}
            locationStart={organizations.locationStart}
            idPrefix="new-user"
            error={pickerError}
            onChange={() => setPickerError(null)}
          />
          <Checkbox label="Administrator of this organization" name="administrative" />
          {errors.organizations && <p className="text-sm text-danger">{errors.organizations}</p>}
        </fieldset>
      )}
      {!user && <Checkbox label="Send the invitation email" name="sendInvite" defaultChecked />}
      <div>
        <Button type="submit" disabled={saving}>
          {user ? "Save user" : "Create user"}
        </Button>
      </div>
    </form>
  );
}
