import type { Metadata } from "next";
import { PasswordPage } from "@/components/auth/password-page";

export const metadata: Metadata = { title: "Reset Password" };

/** /reset-password?token=…: the link of the forgot-password mail. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  return <PasswordPage mode="reset" token={(await searchParams).token} />;
}
