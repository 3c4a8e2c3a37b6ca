import type { Metadata } from "next";
import { PageHeading } from "@/components/ui/page-heading";
import { UserForm } from "@/components/users/user-form";
import { requirePageActor } from "@/lib/shell/page-actor";
import { orgOptions } from "@/lib/users/org-options";

export const metadata: Metadata = { title: "New user" };

export default async function NewUserPage() {
  const actor = await requirePageActor({ permission: "users.manage", path: "/administrator/users/new" });
  const organizations = await orgOptions(actor);
  return (
    <>
      <PageHeading title="New user" description="The person receives an email with a link to choose their password (valid 7 days)." />
      <UserForm organizations={organizations} />
    </>
  );
}
