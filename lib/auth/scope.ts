import "server-only";
import { and, eq, not, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import { userOrganizations, users } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { linkInReach } from "@/lib/organisations/reach";

async function hasLink(actor: Actor, userId: number, condition: SQL): Promise<boolean> {
  const [row] = await db()
    .select({ id: userOrganizations.id })
    .from(userOrganizations)
    .where(and(eq(userOrganizations.tenantId, actor.tenantId), eq(userOrganizations.userId, userId), condition))
    .limit(1);
  return Boolean(row);
}

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
  if (!(await hasLink(actor, userId, linkInReach(actor, "user_organizations")))) throw notFound("User not found");
  return user;
}

/**
 * Whether every organisation a (reachable) user is linked to lies within the actor's administrative
 * reach: acting as someone also linked elsewhere or higher up would reach beyond one's own.
 */
export async function whollyWithinReach(actor: Actor, userId: number): Promise<boolean> {
  if (actor.tenantWide) return true;
  return !(await hasLink(actor, userId, not(linkInReach(actor, "user_organizations"))));
}
