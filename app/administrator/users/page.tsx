import type { Metadata } from "next";
import Link from "next/link";
import { UsersTable } from "@/components/users/users-table";
import { buttonClasses } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import { ErrorState } from "@/components/ui/states";
import { can, LISTED_ROLES } from "@/lib/auth/permissions";
import { requirePageActor } from "@/lib/shell/page-actor";
import { rolesLabel } from "@/lib/users/labels";
import { listUsers } from "@/lib/users/list";
import { userListQuery } from "@/lib/users/schemas";

export const metadata: Metadata = { title: "Users" };

const inputClass = "h-10 rounded-md border border-slate-400 bg-white px-3 text-sm";

/** Every user within the admin's reach: search, filter, sort and page run on the server. */
export default async function AdministratorUsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePageActor({ permission: "users.read", path: "/administrator/users" });
  const raw = Object.fromEntries(Object.entries(await searchParams).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
  const parsed = userListQuery.safeParse(raw);
  const query = parsed.success ? parsed.data : userListQuery.parse({});
  const result = await listUsers(actor, query);
  const byOrg = query.orgType && query.orgId;
  return (
    <>
      <PageHeading
        title="Users"
        description={
          byOrg
            ? `People linked to this ${query.orgType}`
            : actor.tenantWide
              ? `All users of ${actor.tenantName}`
              : "Users linked to the organisations you administer"
        }
        actions={
          can(actor, "users.manage") ? (
            <Link href="/administrator/users/new" className={buttonClasses("primary")}>
              New user
            </Link>
          ) : undefined
        }
      />
      {!parsed.success && <ErrorState title="Some filters were not understood">The list shows all users instead.</ErrorState>}
      <form method="get" role="search" aria-label="Find users" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="users-search" className="text-sm font-medium text-slate-800">
            Name or email
          </label>
          <input id="users-search" name="search" type="search" defaultValue={query.search ?? ""} className={`${inputClass} w-64`} />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="users-role" className="text-sm font-medium text-slate-800">
            Role
          </label>
          <select id="users-role" name="role" defaultValue={query.role ?? ""} className={inputClass}>
            <option value="">Any role</option>
            {LISTED_ROLES.map((role) => (
              <option key={role} value={role}>
                {rolesLabel([role])}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="users-status" className="text-sm font-medium text-slate-800">
            Status
          </label>
          <select id="users-status" name="status" defaultValue={query.status ?? ""} className={inputClass}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </div>
        {byOrg && (
          <>
            <input type="hidden" name="orgType" value={query.orgType} />
            <input type="hidden" name="orgId" value={query.orgId} />
            {query.admin !== undefined && <input type="hidden" name="admin" value={query.admin ? "1" : "0"} />}
          </>
        )}
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="order" value={query.order} />
        <button type="submit" className={buttonClasses("secondary")}>
          Search
        </button>
        {byOrg && (
          <Link href="/administrator/users" className={buttonClasses("ghost")}>
            Show all users
          </Link>
        )}
      </form>
      <UsersTable
        users={result.users}
        total={result.total}
        page={result.page}
        pageSize={result.pageSize}
        sort={query.sort}
        order={query.order}
        selfId={actor.userId}
      />
    </>
  );
}
