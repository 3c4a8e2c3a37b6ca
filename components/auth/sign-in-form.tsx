"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { EMAIL_PATTERN, LOCKOUT_FAILURES, LOCKOUT_MINUTES, PASSWORD_REQUIRED, USERNAME_FORMAT, USERNAME_REQUIRED, signInErrorText } from "@/lib/auth/messages";
import { MESSAGES } from "@/lib/platform/errors";

interface Props {
  csrfToken: string;
  callbackUrl: string;
  /** A failure carried back by next-auth's redirect (?error=) when the form was posted without script. */
  initialError: string | null;
}

type FieldErrors = { username?: string; password?: string };

function validate(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!username.trim()) errors.username = USERNAME_REQUIRED;
  else if (!EMAIL_PATTERN.test(username.trim())) errors.username = USERNAME_FORMAT;
  if (!password) errors.password = PASSWORD_REQUIRED;
  return errors;
}

/**
 * The sign-in form. It posts to next-auth's credentials callback (a plain form post works without
 * script); with script it posts in the background, shows 'Logging in, please wait...' and the
 * failure text in place, and renews an expired CSRF token once.
 */
export function SignInForm({ csrfToken, callbackUrl, initialError }: Props) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState(initialError);
  const [loading, setLoading] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const csrf = useRef(csrfToken);
  const router = useRouter();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function post(username: string, password: string, retry: boolean): Promise<void> {
    const body = new URLSearchParams({ username, password, csrfToken: csrf.current, callbackUrl, json: "true" });
    const res = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
    });
    const data = (await res.json().catch(() => null)) as { url?: string } | null;
    const url = data?.url ? new URL(data.url, window.location.href) : null;
    if (!url) throw new Error("no answer");
    if (url.searchParams.has("csrf") && retry) {
      const fresh = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
      csrf.current = fresh.csrfToken;
      return post(username, password, false);
    }
    const code = url.searchParams.get("error") ?? (url.searchParams.has("csrf") ? "CredentialsSignin" : null);
    if (code) {
      setFormError(signInErrorText(code));
      setLoading(false);
      passwordRef.current?.select();
      return;
    }
    router.replace(`${url.pathname}${url.search}${url.hash}`);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const found = validate(username, password);
    setErrors(found);
    setSubmitted(true);
    if (found.username) return usernameRef.current?.focus();
    if (found.password) return passwordRef.current?.focus();
    setFormError(null);
    setLoading(true);
    try {
      await post(username, password, true);
    } catch {
      setFormError(MESSAGES[500]);
      setLoading(false);
    }
  }

  // After a first attempt, field messages follow the typing.
  const revalidate = (event: FormEvent<HTMLFormElement>) => {
    if (!submitted) return;
    const form = new FormData(event.currentTarget);
    setErrors(validate(String(form.get("username") ?? ""), String(form.get("password") ?? "")));
  };

  return (
    <form method="post" action="/api/auth/callback/credentials" noValidate onSubmit={onSubmit} onChange={revalidate} className="flex flex-col gap-4">
      <input type="hidden" name="csrfToken" value={csrf.current} />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {formError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {formError}
        </div>
      )}
      <Field
        ref={usernameRef}
        label="Username"
        name="username"
        type="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        aria-required="true"
        error={errors.username}
      />
      <Field ref={passwordRef} label="Password" name="password" type="password" autoComplete="current-password" aria-required="true" error={errors.password} />
      <Button type="submit" busy={loading} className="mt-2 w-full">
        Login
      </Button>
      <p role="status" aria-live="polite" className="min-h-5 text-center text-sm text-slate-700">
        {loading ? "Logging in, please wait..." : ""}
      </p>
      <div className="flex flex-col items-center gap-2 text-sm">
        <Link href="/forgot" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Forgot password?
        </Link>
        <p className="text-center text-xs text-slate-600">
          For your security, an account is locked for {LOCKOUT_MINUTES} minutes after {LOCKOUT_FAILURES} failed sign-in attempts.
        </p>
      </div>
    </form>
  );
}
