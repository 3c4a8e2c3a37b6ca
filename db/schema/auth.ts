import { bigint, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, tenantId, tenantRef, timestamptz } from "./columns";
import { tenants, users } from "./identity";

export const AUTH_TOKEN_PURPOSES = ["password_reset", "registration"] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];
export const authTokenPurposeEnum = pgEnum("auth_token_purpose", AUTH_TOKEN_PURPOSES);

/**
 * Links mailed for a password reset or to complete registration. Only the SHA-256 of the token is
 * stored, so a database leak does not hand out working links; usedAt makes each one single use.
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    tenantId: tenantId(),
    userId: integer().notNull(),
    purpose: authTokenPurposeEnum().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_key").on(t.tokenHash),
    index("auth_tokens_user_idx").on(t.tenantId, t.userId, t.purpose),
    tenantRef("auth_tokens_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
  ],
);

export const SIGN_IN_ATTEMPT_KINDS = ["login", "forgot_password"] as const;
export const signInAttemptKindEnum = pgEnum("sign_in_attempt_kind", SIGN_IN_ATTEMPT_KINDS);
/** failure and success count toward lockout; cleared marks a password reset that lifts a lockout. */
export const SIGN_IN_OUTCOMES = ["success", "failure", "locked", "limited", "requested", "cleared"] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];
export const signInOutcomeEnum = pgEnum("sign_in_outcome", SIGN_IN_OUTCOMES);

/**
 * Every sign-in and forgot-password request, before anyone is known to be signed in: the source of
 * the account lockout (by username) and the per-address rate limits. Tenant is null when the
 * username matched nobody.
 */
export const signInAttempts = pgTable(
  "sign_in_attempts",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer().references(() => tenants.id, { onDelete: "cascade" }),
    kind: signInAttemptKindEnum().notNull(),
    /** Lower-cased sign-in name as typed (login only), so unknown names lock the same way. */
    username: text(),
    ipAddress: text().notNull(),
    outcome: signInOutcomeEnum().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_attempts_username_idx").on(t.username, t.createdAt), index("sign_in_attempts_address_idx").on(t.ipAddress, t.kind, t.createdAt)],
);
