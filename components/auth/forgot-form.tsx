"use client";

import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { EMAIL_FORMAT, EMAIL_PATTERN, EMAIL_REQUIRED } from "@/lib/auth/messages";
import { requestPasswordResetAction } from "@/lib/auth/public-actions";
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
    try {
      const result = await requestPasswordResetAction({ email });
      if (result.ok) setSent(result.data.message);
      else if (result.errors?.[0]?.field === "email") setError(result.message);
      else setFormError(result.message);
    } catch {
      setFormError(MESSAGES[500]);
    }
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
