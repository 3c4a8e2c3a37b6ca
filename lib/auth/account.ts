import "server-only";
import { isIP } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { asSystem, db } from "@/db/client";
import { auditLog, authSessions, users, type Role } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { AppError, fieldError, forbidden, notFound } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { sendMail } from "@/lib/platform/mail";
import { forTenant } from "@/lib/platform/tenancy";
import { claimPasswordCheck, settleAttempt } from "./limits";
import { emailChangedMail } from "./mails";
import { ACCOUNT_LOCKED, CREDENTIALS_WHILE_IMPERSONATING, CURRENT_PASSWORD_REQUIRED, CURRENT_PASSWORD_WRONG } from "./messages";
import { hashPassword, verifyPassword } from "./password";
import { holdsRole } from "./permissions";
import { loadProfile, type ProfileData } from "./profile";
import { dashboardFor } from "./routes";
import type { OwnProfileInput, SwitchRoleInput } from "./schemas";
import { revokeUserSessions, type RequestContext } from "./sessions";

/**
 * The current password, before an email or password change: counted like a sign-in, so a stolen
 * session cannot guess it past the lockout. Wrong answers 403 on the field; nothing has changed yet.
 */
async function confirmCurrentPassword(
  account: { tenantId: number; username: string; passwordHash: string | null },
  given: string | null | undefined,
  context: RequestContext,
) {
  if (!given) throw fieldError("currentPassword", CURRENT_PASSWORD_REQUIRED);
  // The lockout counts the username's attempts, most of them written before sign-in without a tenant.
  const ok = await asSystem("current password check: the sign-in lockout's attempts", async () => {
    const attemptId = await claimPasswordCheck(account.username, context.ipAddress);
    if (attemptId === null) throw new AppError(423, ACCOUNT_LOCKED, [{ field: "currentPassword", message: ACCOUNT_LOCKED }]);
    const correct = await verifyPassword(account.passwordHash, given);
    await settleAttempt(attemptId, correct ? "success" : "failure", account.tenantId);
    return correct;
  });
  if (!ok) throw new AppError(403, CURRENT_PASSWORD_WRONG, [{ field: "currentPassword", message: CURRENT_PASSWORD_WRONG }]);
}

/** An audit row of a change to one's own credentials: which one, never the values. */
function credentialAuditRow(action: "email_change" | "password_change", actor: Actor, context: RequestContext) {
  return {
    tenantId: actor.tenantId,
    userId: actor.userId,
    impersonatorId: actor.impersonatorId,
    action,
    entityType: "user",
    entityId: actor.userId,
    ipAddress: isIP(context.ipAddress) ? context.ipAddress : null,
    userAgent: context.userAgent,
    details: { sessionId: actor.sessionId, otherSessionsEnded: true },
  };
}

/**
 * PUT /users for the caller's own account: names, email, password, transfer-mail opt-out and
 * tenant member id. Editing someone else is the users service's (admins); here it is refused.
 * A new email or password needs the current password and is refused while impersonating; it ends
 * the person's other sessions and is audited, and a new email is announced to the old address.
 */
export async function updateOwnProfile(actor: Actor, input: OwnProfileInput, context: RequestContext): Promise<{ profileData: ProfileData }> {
  if (input.id !== actor.userId) throw forbidden();
  const [account] = await forTenant(actor, () =>
    db()
      .select({ tenantId: users.tenantId, username: users.username, firstName: users.firstName, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)))
      .limit(1),
  );
  if (!account) throw notFound();
  const newEmail = input.email !== undefined && input.email !== account.email ? input.email : null;
  const newPassword = input.password ? input.password : null;
  if (newEmail || newPassword) {
    if (actor.impersonatorId !== null) throw forbidden(CREDENTIALS_WHILE_IMPERSONATING);
    // Before the change's transaction: a wrong password's recorded attempt must outlive the refusal.
    await confirmCurrentPassword(account, input.currentPassword, context);
  }

  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) changes.firstName = input.firstName;
  if (input.lastName !== undefined) changes.lastName = input.lastName;
  if (newEmail) changes.email = newEmail;
  if (input.disableTransferEmails !== undefined) changes.disableTransferEmails = input.disableTransferEmails;
  if (input.tenantMemberId !== undefined) changes.tenantMemberId = input.tenantMemberId || null;
  if (newPassword) changes.passwordHash = await hashPassword(newPassword);

  const profileData = await forTenant(actor, async () => {
    if (Object.keys(changes).length) {
      await db()
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(and(eq(users.tenantId, actor.tenantId), eq(users.id, actor.userId)));
    }
    if (newEmail || newPassword) {
      await revokeUserSessions(actor.tenantId, actor.userId, actor.sessionId);
      const audited = [...(newEmail ? (["email_change"] as const) : []), ...(newPassword ? (["password_change"] as const) : [])];
      await db()
        .insert(auditLog)
        .values(audited.map((action) => credentialAuditRow(action, actor, context)));
    }
    if (newEmail) {
      // Its outbox row commits with the change; the job is sent after the commit.
      await sendMail({
        tenantId: actor.tenantId,
        to: account.email,
        ...emailChangedMail({ user: account, tenantName: actor.tenantName }),
        meta: { kind: "email_changed", userId: actor.userId },
      });
    }
    return loadProfile(actor.userId, actor.activeRole);
  });
  log.info("profile updated", { userId: actor.userId, fields: Object.keys(changes).filter((k) => k !== "passwordHash"), password: Boolean(newPassword) });
  return { profileData };
}

/**
 * Switch the session's active role (the header's area switch): only a role the person holds.
 * Answers the role's dashboard, where the browser goes next.
 */
export async function switchActiveRole(actor: Actor, { role }: SwitchRoleInput): Promise<{ activeRole: Role; dashboard: string }> {
  if (!holdsRole(actor, role)) throw forbidden();
  await forTenant(actor, () =>
    db()
      .update(authSessions)
      .set({ activeRole: role })
      .where(and(eq(authSessions.tenantId, actor.tenantId), eq(authSessions.id, actor.sessionId))),
  );
  return { activeRole: role, dashboard: dashboardFor(role) };
}
