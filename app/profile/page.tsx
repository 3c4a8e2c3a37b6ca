import type { Metadata } from "next";
import { DetailsForm, PasswordChangeForm } from "@/components/profile/profile-forms";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page-heading";
import { ownProfile } from "@/lib/auth/profile";
import { rolesDisplay } from "@/lib/profile/roles";
import { requirePageActor } from "@/lib/shell/page-actor";

export const metadata: Metadata = { title: "My profile" };

export default async function ProfilePage() {
  const actor = await requirePageActor({ path: "/profile" });
  const profile = await ownProfile(actor);
  const initial = {
    id: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    tenantMemberId: profile.tenantMemberId ?? "",
    disableTransferEmails: profile.disableTransferEmails,
  };
  return (
    <>
      <PageHeading title="My profile" description={`${profile.firstName} ${profile.lastName} · ${profile.tenantName}`} />
      <div className="grid grid-cols-1 gap-6 desktop:grid-cols-3">
        <div className="flex flex-col gap-6 desktop:col-span-2">
          <DetailsForm initial={initial} impersonating={actor.impersonatorId !== null} />
          <PasswordChangeForm id={profile.id} impersonating={actor.impersonatorId !== null} />
        </div>
        <Card title="Account">
          <dl className="flex flex-col gap-4 text-sm">
            <div>
              <dt className="font-medium text-slate-600">Username</dt>
              <dd className="mt-0.5 break-all text-slate-900">{profile.username}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Roles</dt>
              <dd className="mt-0.5 text-slate-900">{rolesDisplay(profile.roles) || "None"}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Tenant</dt>
              <dd className="mt-0.5 text-slate-900">{profile.tenantName}</dd>
            </div>
          </dl>
        </Card>
      </div>
    </>
  );
}
