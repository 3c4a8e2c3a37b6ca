import "server-only";
import { eq, sql } from "drizzle-orm";
import { asSystem, db, withTenant } from "@/db/client";
import { userRoles, users, type Role } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { AppError } from "@/lib/platform/errors";
import { log } from "@/lib/platform/logger";
import { can, defaultActiveRole } from "./permissions";
import { claimPasswordCheck, isAccountLocked, isLoginAddressLimited, pruneSignInAttemptsSometimes, recordAttempt, settleAttempt } from "./limits";
import { ACCOUNT_DISABLED, ACCOUNT_LOCKED, ACCOUNT_LOCKED_BY_ADMIN, INVALID_CREDENTIALS, LOGIN_RATE_LIMITED, type SignInErrorCode } from "./messages";
import { verifyPassword } from "./password";
import { loadProfile, ownProfile, type ProfileData } from "./profile";
import type { LoginInput } from "./schemas";
import { createSession, type RequestContext } from "./sessions";
import { hostLabel } from "./tenant-host";
import { tenantForLabel } from "./tenants";

/** A refused sign-in: the API answers status and message; the browser form shows the text of `code`. */
export class SignInError extends AppError {
  constructor(
    status: number,
    message: string,
    readonly code: SignInErrorCode,
  ) {
    super(status, message);
  }
}

interface LoginResult {
  profileData: ProfileData;
  jwt: string;
  sessionId: string;
  roles: Role[];
}

/**
 * POST /login and the browser's sign-in: address rate limit, account lockout, argon2id check, then a
 * server-side session. On a tenant's own host only that tenant's people (and system admins) sign in.
 * The password check is claimed (counted as a failure) before it runs, so parallel guesses cannot
 * get past the lockout; the claimed attempt then records the real outcome. Everything before the
 * password is known good reads across tenants (asSystem); the session and profile are the tenant's.
 */
export async function login(input: LoginInput, context: RequestContext): Promise<LoginResult> {
  const { user, roles, attemptId } = await asSystem("sign-in: account by username, lockout and rate limits, before authentication", () =>
    checkCredentials(input, context),
  );
  const activeRole = defaultActiveRole(roles);
  const { session, profileData } = await withTenant(user.tenantId, async () => {
    // The claimed attempt has no tenant yet: only the system path sees it.
    await asSystem("sign-in: settle the claimed password check", () => settleAttempt(attemptId, "success", user.tenantId));
    const created = await createSession(db(), { tenantId: user.tenantId, userId: user.id, roles, activeRole, context });
    return { session: created, profileData: await loadProfile(user.id, activeRole) };
  });
  log.info("signed in", { userId: user.id, tenantId: user.tenantId, sessionId: session.sessionId });
  await asSystem("sign-in: prune old attempts", pruneSignInAttemptsSometimes);
  return { profileData, jwt: session.jwt, sessionId: session.sessionId, roles };
}

/** The account a username and password name, once the limits allow the check; refusals are recorded and thrown. */
async function checkCredentials(input: LoginInput, context: RequestContext) {
  const username = input.username.toLowerCase();
  const attempt = (outcome: "locked" | "limited") => recordAttempt({ kind: "login", username, ipAddress: context.ipAddress, outcome });

  if (await isLoginAddressLimited(context.ipAddress)) {
    await attempt("limited");
    throw new SignInError(429, LOGIN_RATE_LIMITED, "RateLimited");
  }
  const attemptId = await claimPasswordCheck(username, context.ipAddress);
  if (attemptId === null) {
    await attempt("locked");
    throw new SignInError(423, ACCOUNT_LOCKED, "AccountLocked");
  }

  const [user] = await db()
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username))
    .limit(1);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  const roles = user ? (await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id))).map((r) => r.role) : [];
  const hostTenant = user && passwordOk ? await tenantForLabel(hostLabel(context.host)) : null;
  const foreignHost = hostTenant !== null && hostTenant.id !== user?.tenantId && !can({ roles }, "signIn.anyHost");

  if (!user || !passwordOk || foreignHost) {
    if (user) await settleAttempt(attemptId, "failure", user.tenantId);
    if (await isAccountLocked(username)) throw new SignInError(423, ACCOUNT_LOCKED, "AccountLocked");
    throw new SignInError(401, INVALID_CREDENTIALS, "CredentialsSignin");
  }
  if (!user.enabled || user.expired) {
    await settleAttempt(attemptId, "locked", user.tenantId);
    throw new SignInError(403, ACCOUNT_DISABLED, "AccountDisabled");
  }
  if (user.locked) {
    await settleAttempt(attemptId, "locked", user.tenantId);
    throw new SignInError(423, ACCOUNT_LOCKED_BY_ADMIN, "AccountLockedByAdmin");
  }
  return { user, roles, attemptId };
}

/** GET /login/me: the caller's profile, the token they called with, and whether it is an impersonation. */
export async function currentSession(actor: Actor, jwt: string) {
  return { profileData: await ownProfile(actor), jwt, impersonated: actor.impersonatorId !== null };
}
