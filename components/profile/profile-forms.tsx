"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox, Field } from "@/components/ui/field";
import { useSnackbar } from "@/components/ui/snackbar";
import { CREDENTIALS_WHILE_IMPERSONATING, CURRENT_PASSWORD_REQUIRED } from "@/lib/auth/messages";
import { PASSWORD_RULES, PASSWORDS_DIFFER } from "@/lib/auth/password-rules";
import { callApi, fieldMessages } from "@/components/api/client";
import { useChange } from "@/components/api/use-change";
import { PasswordChecklist } from "@/components/auth/password-checklist";

interface ProfileValues {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  tenantMemberId: string;
  disableTransferEmails: boolean;
}

/**
 * Own details: names, email, member id and the transfer-mail opt-out. A new email asks for the
 * current password; while impersonating the email cannot be changed.
 */
export function DetailsForm({ initial, impersonating }: { initial: ProfileValues; impersonating: boolean }) {
  const { busy, change } = useChange();
  const [values, setValues] = useState(initial);
  const [savedEmail, setSavedEmail] = useState(initial.email);
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const emailChanged = values.email.trim() !== savedEmail;
  const set = (field: keyof ProfileValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.type === "checkbox" ? e.target.checked : e.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { ...values, tenantMemberId: values.tenantMemberId || null, ...(emailChanged ? { currentPassword } : {}) };
    const answer = await change("PUT", "/users", input, {
      success: emailChanged ? "Profile saved. A notice went to your old email address; your other sessions have been signed out." : "Profile saved",
    });
    if (!answer.ok) return setErrors(fieldMessages(answer.errors));
    setErrors({});
    setCurrentPassword("");
    setSavedEmail(values.email.trim());
  }

  return (
    <Card title="Personal details">
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
        <Field
          label="First name"
          required
          autoComplete="given-name"
          value={values.firstName}
          onChange={set("firstName")}
          error={errors.firstName}
          maxLength={100}
        />
        <Field
          label="Last name"
          required
          autoComplete="family-name"
          value={values.lastName}
          onChange={set("lastName")}
          error={errors.lastName}
          maxLength={100}
        />
        <Field
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={set("email")}
          error={errors.email}
          readOnly={impersonating}
          hint={impersonating ? "The email cannot be changed while impersonating." : undefined}
        />
        {emailChanged && (
          <Field
            label="Current password to confirm the new email"
            type="password"
            required
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            error={errors.currentPassword}
          />
        )}
        <Field
          label="Member ID"
          hint="Your identifier in the state programme, if it gave you one."
          value={values.tenantMemberId}
          onChange={set("tenantMemberId")}
          error={errors.tenantMemberId}
          maxLength={100}
        />
        <Checkbox
          className="tablet:col-span-2"
          label="Do not email me about student transfers"
          checked={values.disableTransferEmails}
          onChange={set("disableTransferEmails")}
        />
        <div className="flex justify-end tablet:col-span-2">
          <Button type="submit" busy={busy}>
            Save changes
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A new password, confirmed with the current one, with the live rule checklist; other sessions end when it changes. */
export function PasswordChangeForm({ id, impersonating }: { id: number; impersonating: boolean }) {
  const { showSnackbar } = useSnackbar();
  const [currentPassword, setCurrentPassword] = useState("");
  const [currentError, setCurrentError] = useState<string>();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCurrentError(currentPassword ? undefined : CURRENT_PASSWORD_REQUIRED);
    const broken = PASSWORD_RULES.find((rule) => !rule.test(password));
    setError(broken?.error ?? (password !== repeat ? PASSWORDS_DIFFER : undefined));
    if (!currentPassword || broken || password !== repeat) return;
    setBusy(true);
    // Not useChange: a failure shows under the fields, not in the snackbar.
    const answer = await callApi("PUT", "/users", { id, password, currentPassword });
    setBusy(false);
    if (answer.ok) {
      setError(undefined);
      setCurrentError(undefined);
      setCurrentPassword("");
      setPassword("");
      setRepeat("");
      showSnackbar("Password changed. Your other sessions have been signed out.", "success");
      return;
    }
    const fields = fieldMessages(answer.errors);
    if (fields.currentPassword) {
      setCurrentError(fields.currentPassword);
      setError(undefined);
      return;
    }
    setError(answer.message);
  }

  if (impersonating) {
    return (
      <Card title="Password">
        <p className="text-sm text-slate-700">{CREDENTIALS_WHILE_IMPERSONATING}</p>
      </Card>
    );
  }

  return (
    <Card title="Password">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 tablet:grid-cols-2">
          <Field
            className="tablet:col-span-2"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            error={currentError}
          />
          <Field
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error}
            aria-describedby="profile-password-rules"
          />
          <Field label="Repeat password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        </div>
        <PasswordChecklist id="profile-password-rules" password={password} repeat={repeat} columns={2} />
        <div className="flex justify-end">
          <Button type="submit" busy={busy}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
