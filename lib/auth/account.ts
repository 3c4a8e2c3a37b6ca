import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { authSessions, users, type Role } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forbidden } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { hashPassword } from "./password";
import { holdsRole } from "./permissions";
import { loadProfile, type ProfileData } from "./profile";
import { dashboardFor } from "./routes";
import type { OwnProfileInput, SwitchRoleInput } from "./schemas";
import { revokeUserSessions } from "./sessions";

/**
 * PUT /users for the caller's own account: names, email, password, transfer-mail opt-out and
 * tenant member id. Editing someone else is the users service's (admins); here it is refused.
 * A new password ends the person's other sessions; an impersonating admin may not set one.
 */
export async function updateOwnProfile(actor: Actor, input: OwnProfileInput): Promise<{ profileData: ProfileData }> {
  if (input.id !== actor.userId) throw forbidden();
  const newPassword = input.password ? input.password : null;
  if (newPassword && actor.impersonatorId !== null) throw forbidden("A password cannot be changed while impersonating");
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (input.email !== undefined) changes.email = input.email;
  if (input.disableTransferEmails !== undefined) changes.disableTransferEmails = input.disableTransferEmails;
  if (input.tenantMemberId !== undefined) changes.tenantMemberId = input.tenantMemberId || null;
  if (newPassword) changes.passwordHash = await hashPassword(newPassword);

  await db().transaction(async (tx) => {
    if (Object.keys(changes).length) {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)));
    }
    if (newPassword) await revokeUserSessions(actor.tenantId, actor.userId, actor.sessionId, tx);
  });
  log.info("profile updated", { userId: actor.userId, fields: Object.keys(changes).filter((k) => k !== "passwordHash"), password: Boolean(newPassword) });
  return { profileData: await loadProfile(actor.userId, actor.activeRole) };
}

/**
 * Switch the session's active role (the header's area switch): only a role the person holds.
 * Answers the role's dashboard, where the browser goes next.
 */
export async function switchActiveRole(actor: Actor, { role }: SwitchRoleInput): Promise<{ activeRole: Role; dashboard: string }> {
  if (!holdsRole(actor, role)) throw forbidden();
  await db()
    .update(authSessions)
    .set({ activeRole: role })
    .where(and(eq(authSessions.tenantId, actor.tenantId), eq(authSessions.id, actor.sessionId)));
  return { activeRole: role, dashboard: dashboardFor(role) };
}
