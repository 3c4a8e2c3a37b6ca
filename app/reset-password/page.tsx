import type { Metadata } from "next";
import { PasswordPage } from "@/components/auth/password-page";
import { firstParam } from "@/lib/auth/routes";

export const metadata: Metadata = { title: "Reset Password" };

/** /reset-password?token=…: the link of the forgot-password mail. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  return <PasswordPage mode="reset" token={firstParam((await searchParams).token)} />;
}
