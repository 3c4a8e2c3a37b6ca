import Link from "next/link";
import { headers } from "next/headers";
import { REGISTRATION_LINK_INVALID, RESET_LINK_INVALID } from "@/lib/auth/messages";
import { requestHost } from "@/lib/platform/request";
import { brandingForHost } from "@/lib/auth/tenants";
import { AuthLayout, Notice } from "./auth-layout";
import { PasswordForm } from "./password-form";

/** The reset and registration pages: the same form under the spec's two titles; a link without a token says so. */
export async function PasswordPage({ mode, token }: { mode: "reset" | "registration"; token: string | undefined }) {
  const branding = await brandingForHost(requestHost(await headers()));
  const title = mode === "reset" ? "Reset Password" : "User Registration";
  const validToken = token && token.length <= 200 ? token : null;
  return (
    <AuthLayout branding={branding} title={title}>
      {validToken ? (
        <PasswordForm mode={mode} token={validToken} />
      ) : (
        <>
          <Notice tone="error">{mode === "reset" ? RESET_LINK_INVALID : REGISTRATION_LINK_INVALID}</Notice>
          <Link href={mode === "reset" ? "/forgot" : "/sign-in"} className="font-medium text-brand-700 underline underline-offset-2">
            {mode === "reset" ? "Forgot password?" : "Go to sign in"}
          </Link>
        </>
      )}
    </AuthLayout>
  );
}
