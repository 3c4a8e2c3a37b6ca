import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { AuthLayout, Notice } from "@/components/auth/auth-layout";
import { SignInForm } from "@/components/auth/sign-in-form";
import { csrfCookieName, csrfTokenOf } from "@/lib/auth/cookies";
import { signInErrorText, signInReasonText } from "@/lib/auth/messages";
import { firstParam, safeReturnPath } from "@/lib/auth/routes";
import { requestHost } from "@/lib/platform/request";
import { brandingForHost } from "@/lib/auth/tenants";
import { actorFromHeaders } from "@/lib/platform/actor";

export const metadata: Metadata = { title: "Sign in" };

type Search = Record<"reason" | "error" | "callbackUrl", string | string[] | undefined>;

/** /sign-in: the tenant's logos, the arrival reason, and the form (proxy.ts has set the CSRF cookie). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<Search> }) {
  const requestHeaders = await headers();
  if (await actorFromHeaders(requestHeaders)) redirect("/");
  const search = await searchParams;
  const [reason, error, callbackUrl] = [firstParam(search.reason), firstParam(search.error), firstParam(search.callbackUrl)];
  const branding = await brandingForHost(requestHost(requestHeaders));
  const csrfToken = csrfTokenOf((await cookies()).get(csrfCookieName())?.value) ?? "";
  const reasonText = signInReasonText(reason);
  return (
    <AuthLayout branding={branding} title="Sign in">
      {reasonText && <Notice tone="info">{reasonText}</Notice>}
      <SignInForm csrfToken={csrfToken} callbackUrl={safeReturnPath(callbackUrl) ?? "/"} initialError={signInErrorText(error)} />
    </AuthLayout>
  );
}
