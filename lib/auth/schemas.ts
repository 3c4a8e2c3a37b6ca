import { z } from "zod";
import { ROLES } from "@/db/schema";
import { idSchema } from "@/lib/platform/schemas";
import { newPasswordSchema } from "./password-rules";
import {
  EMAIL_FORMAT,
  EMAIL_PATTERN,
  EMAIL_REQUIRED,
  INVALID_CREDENTIALS,
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_REQUIRED,
  USERNAME_FORMAT,
  USERNAME_REQUIRED,
} from "./messages";

/** Input shapes of the auth service, worded as the spec words its messages (platform.md section 5). */

const userId = idSchema("User id is required");

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const loginSchema = z.object({
  username: required(USERNAME_REQUIRED).max(254, USERNAME_FORMAT).regex(EMAIL_PATTERN, USERNAME_FORMAT),
  // Not the new-password rules: older accounts may predate them. Capped to keep hashing cheap.
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED).max(256, INVALID_CREDENTIALS),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({
  email: required(EMAIL_REQUIRED).max(254, EMAIL_FORMAT).regex(EMAIL_PATTERN, EMAIL_FORMAT),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

const confirmationToken = required("The link is incomplete: confirmation token is required").max(200, "The link is invalid");

export const resetPasswordSchema = z.object({ confirmationToken, password: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const impersonateSchema = z.object({
  userIdToImpersonate: userId,
});

export type ImpersonateInput = z.infer<typeof impersonateSchema>;

export const switchRoleSchema = z.object({ role: z.enum(ROLES, { error: "Unknown role" }) });
export type SwitchRoleInput = z.infer<typeof switchRoleSchema>;

const name = (label: string) => required(`${label} is required`).max(100, `${label} must be at most 100 characters`);

/** PUT /users on one's own profile: id plus any of the person's own fields. */
export const ownProfileSchema = z.object({
  // The spec converts ids to numbers on update; clients send either.
  id: userId,
  firstName: name("First name").optional(),
  lastName: name("Last name").optional(),
  email: required(EMAIL_REQUIRED).max(254, EMAIL_FORMAT).regex(EMAIL_PATTERN, EMAIL_FORMAT).optional(),
  // An empty or missing password leaves it unchanged.
  password: z.union([z.literal(""), z.null(), newPasswordSchema]).optional(),
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .max(256, CURRENT_PASSWORD_REQUIRED)
    .nullable()
    .optional()
    .describe("The account's current password: required when the request changes email or password, ignored otherwise"),
  disableTransferEmails: z.boolean({ error: "disableTransferEmails must be true or false" }).optional(),
  tenantMemberId: z.string({ error: "Tenant member id must be text" }).trim().max(100, "Tenant member id must be at most 100 characters").nullable().optional(),
});
export type OwnProfileInput = z.infer<typeof ownProfileSchema>;

/** GET /tenant_search/{tenant}: a host label (checked by the service, which answers 400 or 404). */
export const tenantSearchParams = z.object({ tenant: z.string() });

/** Routes on one user: /users/{id}/... */
export const userIdParams = z.object({
  id: userId,
});

/* Answers (response schemas): what the routes send, read by the OpenAPI document and checked in tests. */

const activeRole = z.union([z.enum(ROLES), z.literal("none")]);

/** The spec's User/profile plus the session's active role and the tenant's branding (ProfileData). */
const profileDataSchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    username: z.string(),
    roles: z.array(z.enum(ROLES)),
    features: z.array(z.string()),
    tenantMemberId: z.string().nullable(),
    tenants: z.object({ message: z.string().nullable(), ruleset: z.record(z.string(), z.unknown()), configuration: z.record(z.string(), z.unknown()) }),
    disableTransferEmails: z.boolean(),
    enabled: z.boolean(),
    locked: z.boolean(),
    tenantId: z.number().int(),
    activeRole,
    tenantName: z.string(),
    tenantLogo: z.string(),
    tenantSubLogo: z.string(),
  })
  .meta({ id: "ProfileData" });

export const loginResponse = z.object({ profileData: profileDataSchema, jwt: z.string().describe("Send as `Authorization: Bearer <jwt>`") });

/** The session now in force: /login/me, /login/impersonate, /logout/impersonate. */
export const sessionResponse = z.object({ profileData: profileDataSchema, jwt: z.string(), impersonated: z.boolean() });

export const messageResponse = z.object({ message: z.string() });

/** GET /logout: a message, or during an impersonation the admin's own session back. */
export const logoutResponse = z.union([messageResponse, sessionResponse]);

export const ownProfileResponse = z.object({ profileData: profileDataSchema });

export const registrationInviteResponse = z.object({ sent: z.literal(true) });

export const tenantSearchResponse = z.object({
  id: z.number().int().nullable().describe("null for a state's host that has no tenant yet"),
  name: z.string(),
  logoUrl: z.string(),
  subLogoUrl: z.string(),
});
