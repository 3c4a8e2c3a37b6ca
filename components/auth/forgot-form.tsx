"use client";

import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { callApi } from "@/components/api/client";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { EMAIL_FORMAT, EMAIL_PATTERN, EMAIL_REQUIRED } from "@/lib/auth/messages";
import { MESSAGES } from "@/lib/platform/errors";

function validate(email: string): string | undefined {
  if (!email.trim()) return EMAIL_REQUIRED;
  if (!EMAIL_PATTERN.test(email.trim())) return EMAIL_FORMAT;
}

/** Forgot password: email, Send and Cancel; then the spec's sent text with Cancel (platform.md section 2). */
export function ForgotForm({ cancelHref }: { cancelHref: string }) {
  const [error, setError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [loading, setLoading] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const found = validate(email);
    setError(found);
    setFormError(undefined);
    if (found) return emailRef.current?.focus();
    setLoading(true);
    const answer = await callApi<{ message: string }>("POST", "/forgot-password/email", { email }, { fallback: MESSAGES[500] });
    if (answer.ok) setSent(answer.data.message);
    else if (answer.errors[0]?.field === "email") setError(answer.message);
    else setFormError(answer.message);
    setLoading(false);
  }

  const cancel = (
    <Link href={cancelHref} className={buttonClasses("secondary")}>
      Cancel
    </Link>
  );

  if (sent) {
    return (
      <div className="flex flex-col gap-6">
        <p role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
          {sent}
        </p>
        <div className="flex justify-end">{cancel}</div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">Enter the email address of your account and we will send you a link to reset your password.</p>
      {formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {formError}
        </div>
      )}
      <Field ref={emailRef} label="Email" name="email" type="email" autoComplete="email" inputMode="email" autoFocus aria-required="true" error={error} />
      <div className="mt-2 flex justify-end gap-3">
        {cancel}
        <Button type="submit" busy={loading}>
          Send
        </Button>
      </div>
    </form>
  );
}
