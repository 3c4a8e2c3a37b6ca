import "server-only";
import { sql } from "drizzle-orm";
import { db, rows, type Executor } from "@/db/client";
import { signInAttempts, type SignInOutcome } from "@/db/schema";
import { LOCKOUT_FAILURES, LOCKOUT_MINUTES } from "./messages";

/**
 * Account lockout and per-address rate limits, counted from sign_in_attempts. Counting rows (not an
 * in-memory counter) keeps the app stateless, so every instance behind a load balancer agrees.
 */

export const LIMITS = {
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

async function count(where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(db(), sql`select count(*)::int as n from sign_in_attempts where ${where}`);
  return Number(row?.n ?? 0);
}

const recent = (minutes: number) => sql`created_at > now() - make_interval(mins => ${minutes})`;

/** Locked: five failures within 15 minutes, counted since the last success or password reset. */
export async function isAccountLocked(username: string): Promise<boolean> {
  const name = username.toLowerCase();
  const failures = await count(sql`kind = 'login' and username = ${name} and outcome = 'failure' and ${recent(LOCKOUT_MINUTES)}
    and created_at > coalesce((select max(created_at) from sign_in_attempts
      where kind = 'login' and username = ${name} and outcome in ('success', 'cleared')), '-infinity'::timestamptz)`);
  return failures >= LOCKOUT_FAILURES;
}

export async function isLoginAddressLimited(ipAddress: string): Promise<boolean> {
  const failures = await count(sql`ip_address = ${ipAddress} and kind = 'login' and outcome = 'failure' and ${recent(LIMITS.windowMinutes)}`);
  return failures >= LIMITS.loginFailuresPerAddress;
}

export async function isForgotAddressLimited(ipAddress: string): Promise<boolean> {
  const requests = await count(sql`ip_address = ${ipAddress} and kind = 'forgot_password' and ${recent(LIMITS.windowMinutes)}`);
  return requests >= LIMITS.forgotRequestsPerAddress;
}

export async function isEmailMailLimited(email: string): Promise<boolean> {
  const sent = await count(
    sql`username = ${email.toLowerCase()} and kind = 'forgot_password' and outcome = 'requested' and ${recent(LIMITS.windowMinutes)}`,
  );
  return sent >= LIMITS.forgotMailsPerEmail;
}

/** Rows older than a day count toward nothing; about one sign-in in 500 clears them, so no job is needed. */
export async function pruneSignInAttemptsSometimes(): Promise<void> {
  if (Math.random() >= 1 / 500) return;
  await db().execute(sql`delete from sign_in_attempts where created_at < now() - interval '1 day'`);
}
