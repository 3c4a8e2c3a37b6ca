import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { PlainTable } from "@/components/ui/plain-table";
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
      <PlainTable
        label="People linked here"
        caption="People linked here"
        columns={["Name", "Email", "Roles", "Here", "Status"]}
        rows={sorted}
        empty="Nobody is linked here yet."
      >
        {(m) => (
          <tr key={m.id} className="border-t border-slate-200">
            <th scope="row" className="font-medium">
              <Link href={userPath(m.id)} className="text-brand-700 underline-offset-2 hover:underline">
                {m.lastName}, {m.firstName}
              </Link>
            </th>
            <td>{m.email}</td>
            <td>{rolesLabel(m.roles)}</td>
            <td>{m.administrative ? <Badge tone="brand">Administrator</Badge> : "Member"}</td>
            <td>{m.enabled ? "Active" : "Inactive"}</td>
          </tr>
        )}
      </PlainTable>
    </section>
  );
}
