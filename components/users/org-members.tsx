import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import type { OrgType } from "@/lib/users/labels";
import { can } from "@/lib/auth/permissions";
import { rolesLabel, userPath } from "@/lib/users/labels";
import type { Member } from "@/lib/users/schemas";

/**
 * The people linked to an organisation (spec §7: a location's members; ROLE_TEACHER ones are its
 * teachers), administrators first, with a link to each user's page and to the full user list.
 */
export function OrgMembers({ members, orgType, orgId, canCreate }: { members: Member[]; orgType: OrgType; orgId: number; canCreate: boolean }) {
  const sorted = [...members].sort((a, b) => Number(b.administrative) - Number(a.administrative));
  const teachers = members.filter((m) => can(m, "area.teacher")).length;
  return (
    <section aria-labelledby="members-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          People{" "}
          <span className="text-sm font-normal text-slate-600">
            ({members.length} linked, {teachers} {teachers === 1 ? "teacher" : "teachers"})
          </span>
        </h2>
        <span className="flex flex-wrap gap-2">
          <Link href={`/administrator/users?orgType=${orgType}&orgId=${orgId}`} className={buttonClasses("secondary", "sm")}>
            Search these users
          </Link>
          {canCreate && (
            <Link href="/administrator/users/new" className={buttonClasses("secondary", "sm")}>
              New user
            </Link>
          )}
        </span>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="People linked here">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">People linked here</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Email
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Roles
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Here
              </th>
              <th scope="col" className="px-4 py-2.5 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-600">
                  Nobody is linked here yet.
                </td>
              </tr>
            )}
            {sorted.map((m) => (
              <tr key={m.id} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-2.5 font-medium">
                  <Link href={userPath(m.id)} className="text-brand-700 underline-offset-2 hover:underline">
                    {m.lastName}, {m.firstName}
                  </Link>
                </th>
                <td className="px-4 py-2.5">{m.email}</td>
                <td className="px-4 py-2.5">{rolesLabel(m.roles)}</td>
                <td className="px-4 py-2.5">{m.administrative ? <Badge tone="brand">Administrator</Badge> : "Member"}</td>
                <td className="px-4 py-2.5">{m.enabled ? "Active" : "Inactive"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
