import "server-only";
import { eq, sql } from "drizzle-orm";
import { db, rows, type Executor } from "@/db/client";
import { signInAttempts, type SignInOutcome } from "@/db/schema";
import { UNKNOWN_ADDRESS } from "@/lib/platform/request";
import { LOCKOUT_FAILURES, LOCKOUT_MINUTES } from "./messages";

/**
 * Account lockout and per-address rate limits, counted from sign_in_attempts. Counting rows (not an
 * in-memory counter) keeps the app stateless, so every instance behind a load balancer agrees.
 */

const LIMITS = {
  /** Failed sign-ins from one address before it is refused (generous: a school shares one address). */
  loginFailuresPerAddress: 30,
  /** Forgot-password requests from one address. */
  forgotRequestsPerAddress: 10,
  /** Reset mails to one address; more requests are answered alike but send nothing. */
  forgotMailsPerEmail: 3,
  windowMinutes: 15,
} as const;

type Kind = "login" | "forgot_password";

export async function recordAttempt(
  entry: { kind: Kind; username?: string | null; ipAddress: string; outcome: SignInOutcome; tenantId?: number | null },
  executor: Executor = db(),
): Promise<void> {
  await executor.insert(signInAttempts).values({
    kind: entry.kind,
    username: entry.username?.toLowerCase() ?? null,
    ipAddress: entry.ipAddress,
    outcome: entry.outcome,
    tenantId: entry.tenantId ?? null,
  });
}

async function count(where: ReturnType<typeof sql>, executor: Executor = db()): Promise<number> {
  const [row] = await rows<{ n: number }>(executor, sql`select count(*)::int as n from sign_in_attempts where ${where}`);
  return Number(row?.n ?? 0);
}

const recent = (minutes: number) => sql`created_at > now() - make_interval(mins => ${minutes})`;

/** Locked: five failures within 15 minutes, counted since the last success or password reset. */
export async function isAccountLocked(username: string, executor: Executor = db()): Promise<boolean> {
  const name = username.toLowerCase();
  const failures = await count(
    sql`kind = 'login' and username = ${name} and outcome = 'failure' and ${recent(LOCKOUT_MINUTES)}
    and created_at > coalesce((select max(created_at) from sign_in_attempts
      where kind = 'login' and username = ${name} and outcome in ('success', 'cleared')), '-infinity'::timestamptz)`,
    executor,
  );
  return failures >= LOCKOUT_FAILURES;
}

/**
 * Claim one password check for a username, atomically: under a transaction lock on the name, answer
 * null once the account is locked, else write the attempt as a failure before the password is
 * checked. Parallel guesses thus count each other, and no more than LOCKOUT_FAILURES passwords are
 * ever tried; `settleAttempt` records the real outcome. Returns the attempt's id.
 */
export async function claimPasswordCheck(username: string, ipAddress: string): Promise<number | null> {
  const name = username.toLowerCase();
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('auth.password-check'), hashtext(${name}))`);
    if (await isAccountLocked(name, tx)) return null;
    const [row] = await tx.insert(signInAttempts).values({ kind: "login", username: name, ipAddress, outcome: "failure" }).returning({ id: signInAttempts.id });
    return row.id;
  });
}

/** The outcome of a claimed password check (and the account's tenant, once known). */
export async function settleAttempt(id: number, outcome: SignInOutcome, tenantId: number | null, executor: Executor = db()): Promise<void> {
  await executor.update(signInAttempts).set({ outcome, tenantId }).where(eq(signInAttempts.id, id));
}

/**
 * Per-address limits need a believable address. Without a trusted proxy every client is the same
 * `unknown`: one shared bucket would let anyone's typos (or one stranger) block sign-in for a whole
 * state, so the limits stand aside; the per-account lockout and per-email mail limit still hold.
 */
const unknownAddress = (ipAddress: string) => ipAddress === UNKNOWN_ADDRESS;

export async function isLoginAddressLimited(ipAddress: string): Promise<boolean> {
  if (unknownAddress(ipAddress)) return false;
  const failures = await count(sql`ip_address = ${ipAddress} and kind = 'login' and outcome = 'failure' and ${recent(LIMITS.windowMinutes)}`);
  return failures >= LIMITS.loginFailuresPerAddress;
}

export async function isForgotAddressLimited(ipAddress: string): Promise<boolean> {
  if (unknownAddress(ipAddress)) return false;
  const requests = await count(sql`ip_address = ${ipAddress} and kind = 'forgot_password' and ${recent(LIMITS.windowMinutes)}`);
  return requests >= LIMITS.forgotRequestsPerAddress;
}

export async function isEmailMailLimited(email: string): Promise<boolean> {
  const sent = await count(sql`username = ${email.toLowerCase()} and kind = 'forgot_password' and outcome = 'requested' and ${recent(LIMITS.windowMinutes)}`);
  return sent >= LIMITS.forgotMailsPerEmail;
}

/** Rows older than a day count toward nothing; about one sign-in in 500 clears them, so no job is needed. */
export async function pruneSignInAttemptsSometimes(): Promise<void> {
  if (Math.random() >= 1 / 500) return;
  await db().execute(sql`delete from sign_in_attempts where created_at < now() - interval '1 day'`);
}
