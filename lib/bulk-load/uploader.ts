import "server-only";
import { sql } from "drizzle-orm";
import { db, rows } from "@/db/client";
import type { OrgType, Role } from "@/db/schema";
import { can, defaultActiveRole } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { PermanentJobError } from "@/lib/platform/queue";

const UPLOADER_GONE = "The uploader may no longer load files";

/**
 * The uploader as an actor, read when the load runs (inside the load's withTenant): the users, rosters
 * and assignments types call the API's own services with it, so every row meets the API's rules and
 * reach, and the audit rows name the uploader (and the admin impersonating them) as the API's do.
 * An account since disabled, locked or stripped of bulkLoads.manage loads nothing.
 */
/** A person as the job runs them: their id, tenant name, roles and organisation links. */
export interface PersonRow {
  id: number;
  tenant_name: string;
  roles: Role[];
  orgs: { orgType: OrgType; id: number; administrative: boolean }[];
}

/** The columns of PersonRow over `users u join tenants t`, for a job's own query of who acts. */
export const personColumns = (tenantId: number) => sql`u.id, t.name as tenant_name,
  array(select r.role::text from user_roles r where r.tenant_id = ${tenantId} and r.user_id = u.id) as roles,
  (select coalesce(json_agg(json_build_object('orgType', o.org_type, 'id', o.parent_id, 'administrative', o.administrative)), '[]')
    from user_organizations o where o.tenant_id = ${tenantId} and o.user_id = u.id) as orgs`;

/** A job's actor for a person read with personColumns: the API's services then apply their own reach. */
export function internalActor(tenantId: number, user: PersonRow, impersonatorId: number | null): Actor {
  return {
    userId: user.id,
    tenantId,
    tenantName: user.tenant_name,
    roles: user.roles,
    features: [],
    activeRole: defaultActiveRole(user.roles),
    tenantWide: can({ roles: user.roles }, "scope.tenant"),
    orgs: user.orgs,
    sessionId: "",
    impersonatorId,
    via: "internal",
  };
}

export async function uploaderActor(tenantId: number, userId: number | null, impersonatorId: number | null): Promise<Actor> {
  const [user] =
    userId === null
      ? []
      : await rows<PersonRow>(
          db(),
          sql`select ${personColumns(tenantId)}
            from users u join tenants t on t.id = u.tenant_id
            where u.tenant_id = ${tenantId} and u.id = ${userId} and u.enabled and not u.locked and not u.expired`,
        );
  if (!user || !can({ roles: user.roles }, "bulkLoads.manage")) throw new PermanentJobError(UPLOADER_GONE);
  return internalActor(tenantId, user, impersonatorId);
}
