import type { Metadata } from "next";
import { headers } from "next/headers";
import { AuthLayout } from "@/components/auth/auth-layout";
import { ForgotForm } from "@/components/auth/forgot-form";
import { requestHost } from "@/lib/platform/request";
import { brandingForHost } from "@/lib/auth/tenants";
import { actorFromHeaders } from "@/lib/platform/actor";

export const metadata: Metadata = { title: "Forgot password" };

/** /forgot: open with or without a session; Cancel goes home when signed in, else to sign-in. */
export default async function ForgotPage() {
  const requestHeaders = await headers();
  const [actor, branding] = await Promise.all([actorFromHeaders(requestHeaders), brandingForHost(requestHost(requestHeaders))]);
  return (
    <AuthLayout branding={branding} title="Forgot password">
      <ForgotForm cancelHref={actor ? "/" : "/sign-in"} />
    </AuthLayout>
  );
}
