import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { asSystem, db, withTenant } from "@/db/client";
import { tenants, users, type AuthTokenPurpose } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { env } from "@/lib/platform/env";
import { fieldError, tooManyRequests } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { sendMail } from "@/lib/platform/mail";
import { defineJob, sendJob } from "@/lib/platform/queue";
import { forTenant } from "@/lib/platform/tenancy";
import { isEmailMailLimited, isForgotAddressLimited, recordAttempt } from "./limits";
import { FORGOT_RATE_LIMITED, FORGOT_SENT, REGISTRATION_DONE, REGISTRATION_LINK_INVALID, RESET_DONE, RESET_LINK_INVALID } from "./messages";
import { hashPassword } from "./password";
import { authorize } from "./permissions";
import type { ForgotPasswordInput, ResetPasswordInput } from "./schemas";
import { reachableUser } from "./scope";
import { revokeUserSessions, type RequestContext } from "./sessions";
import { hostLabel } from "./tenant-host";
import { tenantForLabel } from "./tenants";
import { consumeToken, issueToken } from "./tokens";
import { registrationMail, resetMail } from "./mails";

/** The most accounts one address may share; beyond that nothing more is mailed. */
const MAX_ACCOUNTS_PER_EMAIL = 5;

/**
 * Looks up the accounts of a forgot-password request and mails each its reset link. It runs as a
 * job so that the request takes the same time whether or not the address has an account. Delivery
 * is at least once: a retried job may mail a second link, which is as harmless as a second request.
 */
export const passwordResetJob = defineJob({
  name: "auth.password-reset",
  payload: z.object({
    email: z.string().min(1).max(254),
    /** On a tenant's own host only that tenant's accounts; null elsewhere. */
    hostTenantId: z.number().int().positive().nullable(),
  }),
  retryLimit: 3,
});

/**
 * POST /forgot-password/email: validated and rate-limited here, then queued; the job mails a reset
 * link to every enabled account with that address. No account is looked up while the caller waits,
 * so neither the answer nor its timing tells whether the address has one.
 */
export async function requestPasswordReset(input: ForgotPasswordInput, context: RequestContext): Promise<{ message: string }> {
  const address = input.email.toLowerCase();
  return asSystem("forgot password: rate limits by address and email, before sign-in", async () => {
    const attempt = (outcome: "requested" | "limited") => recordAttempt({ kind: "forgot_password", username: address, ipAddress: context.ipAddress, outcome });
    if (await isForgotAddressLimited(context.ipAddress)) {
      await attempt("limited");
      throw tooManyRequests(FORGOT_RATE_LIMITED);
    }
    if (await isEmailMailLimited(address)) {
      await attempt("limited");
      return { message: FORGOT_SENT };
    }
    await attempt("requested");
    const hostTenant = await tenantForLabel(hostLabel(context.host));
    await sendJob(passwordResetJob, { email: address, hostTenantId: hostTenant?.id ?? null });
    return { message: FORGOT_SENT };
  });
}

/** The password-reset job: a link to every enabled account with the address (at most a few). */
export async function mailPasswordResetLinks({ email, hostTenantId }: z.output<typeof passwordResetJob.payload>): Promise<{ matched: number }> {
  const accounts = await asSystem("forgot password job: accounts by email, before sign-in", () =>
    db()
      .select({ user: users, tenantName: tenants.name })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(sql`lower(${users.email})`, email), eq(users.enabled, true), hostTenantId ? eq(users.tenantId, hostTenantId) : undefined))
      .limit(MAX_ACCOUNTS_PER_EMAIL),
  );
  for (const { user, tenantName } of accounts) {
    // The token and its mail's outbox row commit together, in the account's tenant.
    await withTenant(user.tenantId, async () => {
      const token = await issueToken(db(), { tenantId: user.tenantId, userId: user.id, purpose: "password_reset" });
      const link = `${env().PUBLIC_URL}/reset-password?token=${token}`;
      await sendMail({ tenantId: user.tenantId, to: user.email, ...resetMail({ user, tenantName, link }), meta: { kind: "password_reset", userId: user.id } });
    });
  }
  log.info("password reset mailed", { matched: accounts.length });
  return { matched: accounts.length };
}

/** Set a new password from a mailed link: the token is used up, old sessions end, a lockout lifts. */
async function setPasswordFromLink(input: ResetPasswordInput, purpose: AuthTokenPurpose, invalidText: string, context: RequestContext) {
  const passwordHash = await hashPassword(input.password);
  // The link's token names the account and its tenant; nothing else identifies the person yet.
  return asSystem("reset or registration link: the token is looked up before sign-in", () =>
    db().transaction(async (tx) => {
      const owner = await consumeToken(tx, input.confirmationToken, purpose);
      if (!owner) throw fieldError("confirmationToken", invalidText);
      const [user] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(and(eq(users.tenantId, owner.tenantId), eq(users.id, owner.userId)))
        .returning({ id: users.id, username: users.username });
      await revokeUserSessions(owner.tenantId, owner.userId, undefined, tx);
      await recordAttempt({ kind: "login", username: user.username, ipAddress: context.ipAddress, outcome: "cleared", tenantId: owner.tenantId }, tx);
      log.info(purpose === "registration" ? "registration completed" : "password reset", { userId: user.id, tenantId: owner.tenantId });
    }),
  );
}

/** POST /forgot-password/reset {confirmationToken, password}. */
export async function resetPassword(input: ResetPasswordInput, context: RequestContext): Promise<{ message: string }> {
  await setPasswordFromLink(input, "password_reset", RESET_LINK_INVALID, context);
  return { message: RESET_DONE };
}

/** POST /user-registration {confirmationToken, password}: the invited person chooses a password. */
export async function completeRegistration(input: ResetPasswordInput, context: RequestContext): Promise<{ message: string }> {
  await setPasswordFromLink(input, "registration", REGISTRATION_LINK_INVALID, context);
  return { message: REGISTRATION_DONE };
}

/**
 * Mail a person the link that completes their registration (valid 7 days). The users service calls
 * it after creating an account (inside the account's transaction, or after it); admins may resend.
 */
export async function sendRegistrationInvite(actor: Actor, userId: number): Promise<{ sent: true }> {
  authorize(actor, "users.invite");
  // The token and the mail's outbox row commit together; the mail's job is sent after the commit.
  const user = await forTenant(actor, async () => {
    const invited = await reachableUser(actor, userId);
    const [tenant] = await db().select({ name: tenants.name }).from(tenants).where(eq(tenants.id, invited.tenantId));
    const token = await issueToken(db(), { tenantId: invited.tenantId, userId: invited.id, purpose: "registration" });
    const link = `${env().PUBLIC_URL}/user-registration?token=${token}`;
    await sendMail({
      tenantId: invited.tenantId,
      to: invited.email,
      ...registrationMail({ user: invited, tenantName: tenant.name, link }),
      meta: { kind: "registration", userId: invited.id },
    });
    return invited;
  });
  log.info("registration invite sent", { userId: user.id, tenantId: user.tenantId, by: actor.userId });
  return { sent: true };
}
