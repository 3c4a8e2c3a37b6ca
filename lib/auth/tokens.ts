import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { authTokens, type AuthTokenPurpose } from "@/db/schema";

/** Lifetimes from the issue: a reset link lasts an hour, a registration link a week. */
const TOKEN_TTL_MS: Record<AuthTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  registration: 7 * 24 * 60 * 60 * 1000,
};

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link token for a user; only its hash is stored. */
export async function issueToken(executor: Executor, entry: { tenantId: number; userId: number; purpose: AuthTokenPurpose }): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await executor.insert(authTokens).values({
    ...entry,
    tokenHash: digest(token),
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS[entry.purpose]),
  });
  return token;
}

/**
 * Use a token once: one conditional UPDATE marks it used only if it is unused and unexpired, so two
 * concurrent submissions cannot both succeed. The user's other open links of that kind die with it.
 */
export async function consumeToken(executor: Executor, token: string, purpose: AuthTokenPurpose): Promise<{ userId: number; tenantId: number } | null> {
  const [used] = await executor
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.tokenHash, digest(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, sql`now()`)))
    .returning({ userId: authTokens.userId, tenantId: authTokens.tenantId });
  if (!used) return null;
  await executor
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.tenantId, used.tenantId), eq(authTokens.userId, used.userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  return used;
}
