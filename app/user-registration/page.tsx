import type { Metadata } from "next";
import { PasswordPage } from "@/components/auth/password-page";
import { firstParam } from "@/lib/auth/routes";

export const metadata: Metadata = { title: "User Registration" };

/** /user-registration?token=…: the link of the registration mail. */
export default async function UserRegistrationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  return <PasswordPage mode="registration" token={firstParam((await searchParams).token)} />;
}
