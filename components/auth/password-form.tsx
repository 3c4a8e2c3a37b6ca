"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { callApi } from "@/components/api/client";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PASSWORD_RULES, PASSWORDS_DIFFER } from "@/lib/auth/password-rules";
import { PasswordChecklist } from "./password-checklist";
import { MESSAGES } from "@/lib/platform/errors";

interface Props {
  mode: "reset" | "registration";
  token: string;
}

/** New and repeat password with the live rule checklist, for the reset and registration pages. */
export function PasswordForm({ mode, token }: Props) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState<string>();
  const [loading, setLoading] = useState(false);

  const matches = password.length > 0 && password === repeat;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const broken = PASSWORD_RULES.find((rule) => !rule.test(password));
    if (broken || !matches) {
      setError(broken?.error ?? PASSWORDS_DIFFER);
      return;
    }
    setError(undefined);
    setFormError(undefined);
    setLoading(true);
    const path = mode === "reset" ? "/forgot-password/reset" : "/user-registration";
    const answer = await callApi<{ message: string }>("POST", path, { confirmationToken: token, password }, { fallback: MESSAGES[500] });
    if (answer.ok) setDone(answer.data.message);
    else if (answer.errors[0]?.field === "password") setError(answer.message);
    else setFormError(answer.message);
    setLoading(false);
  }

  if (done) {
    return (
      <div className="flex flex-col gap-6">
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {done}
        </p>
        <div className="flex justify-end">
          <Link href="/sign-in" className={buttonClasses("primary")}>
            Confirm
          </Link>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {formError}
          {mode === "reset" && (
            <>
              {" "}
              <Link href="/forgot" className="underline underline-offset-2">
                Request a new link
              </Link>
            </>
          )}
        </div>
      )}
      <Field
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus
        aria-required="true"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error}
      />
      <Field
        label="Repeat password"
        name="repeat"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
      />
      <PasswordChecklist id="password-rules" password={password} repeat={repeat} />
      <Button type="submit" busy={loading} className="mt-2 w-full">
        {mode === "reset" ? "Reset Password" : "Complete Registration"}
      </Button>
    </form>
  );
}
