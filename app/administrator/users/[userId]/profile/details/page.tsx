import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { PageHeading } from "@/components/ui/page-heading";
import { UserForm } from "@/components/users/user-form";
import { UserLinks } from "@/components/users/user-links";
import { UserStatusActions } from "@/components/users/user-status-actions";
import { can } from "@/lib/auth/permissions";
import { listUserOrganizations } from "@/lib/organisations/user-organizations";
import { idSegment, orNotFound } from "@/lib/shell/page-data";
import { requirePageActor } from "@/lib/shell/page-actor";
import { rolesLabel, userPath } from "@/lib/users/labels";
import { getUser } from "@/lib/users/list";
import { orgOptions } from "@/lib/users/org-options";

export const metadata: Metadata = { title: "User" };

/** What one who may not change this user's links is offered: nothing. */
const NO_ORGANIZATIONS = { options: [], locationStart: { regions: [], districts: [], locations: [], regionId: null, districtId: null, locationId: null } };

/** A user's profile (spec §2: opened after a user is created): account, status, organisations. */
export default async function UserProfilePage({ params }: { params: Promise<{ userId: string }> }) {
  const id = idSegment((await params).userId);
  const actor = await requirePageActor({ permission: "users.read", path: userPath(id) });
  const user = await orNotFound(getUser(actor, id));
  const manage = can(actor, "users.manage") && actor.userId !== id;
  const [links, organizations] = await Promise.all([listUserOrganizations(actor, id), manage ? orgOptions(actor) : Promise.resolve(NO_ORGANIZATIONS)]);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link href="/administrator/users" className="text-brand-700 underline-offset-2 hover:underline">
          Users
        </Link>
      </nav>
      <PageHeading
        title={`${user.firstName} ${user.lastName}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{rolesLabel(user.roles)}</span>
            <Badge tone={user.enabled ? "success" : "neutral"}>{user.isActive}</Badge>
            {user.locked && <Badge tone="danger">Locked</Badge>}
            {!user.registered && <Badge tone="warning">Invited, not registered yet</Badge>}
          </span>
        }
        actions={manage ? <UserStatusActions user={user} /> : undefined}
      />
      <section aria-labelledby="account-heading" className="mb-8">
        <h2 id="account-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Account
        </h2>
        {manage ? (
          <UserForm user={user} />
        ) : (
          <p className="text-sm text-slate-700">
            {user.email}
            {actor.userId === id && (
              <>
                {" "}
                · Edit your own account on{" "}
                <Link href="/profile" className="text-brand-700 underline">
                  your profile
                </Link>
                .
              </>
            )}
          </p>
        )}
      </section>
      <section aria-labelledby="orgs-heading">
        <h2 id="orgs-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Organizations
        </h2>
        <UserLinks
          userId={id}
          links={links.map((l) => ({
            orgType: l.orgType,
            parentId: l.parentId,
            administrative: l.administrative,
            memberUniqueId: l.memberUniqueId,
            label: l.label,
          }))}
          organizations={organizations}
          editable={manage}
        />
      </section>
    </>
  );
}
