import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { userOrganizations, users } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { inDistrictScope, inLocationScope, inRegionScope } from "@/lib/organisations/scope";

/**
 * A user an administrator may act on, always in the actor's own tenant (system admins included): a
 * tenant-wide admin anyone there, an admin those linked to an organisation under their administrative links.
 * Anyone else answers 404, as another tenant's row does.
 */
export async function reachableUser(actor: Actor, userId: number) {
  const [user] = await db()
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, actor.tenantId)))
    .limit(1);
  if (!user) throw notFound("User not found");
  if (actor.tenantWide) return user;
  const admin = { administrative: true };
  const [linked] = await db()
    .select({ id: userOrganizations.id })
    .from(userOrganizations)
    .where(
      and(
        eq(userOrganizations.tenantId, actor.tenantId),
        eq(userOrganizations.userId, userId),
        sql`((${userOrganizations.orgType} = 'location' and ${inLocationScope(actor, userOrganizations.parentId, admin)})
          or (${userOrganizations.orgType} = 'district' and ${inDistrictScope(actor, userOrganizations.parentId, admin)})
          or (${userOrganizations.orgType} = 'region' and ${inRegionScope(actor, userOrganizations.parentId, admin)}))`,
      ),
    )
    .limit(1);
  if (!linked) throw notFound("User not found");
  return user;
}
