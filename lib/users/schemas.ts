import { z } from "zod";
import { ORG_TYPES, ROLES } from "@/db/schema/identity";
import { EMAIL_FORMAT, EMAIL_PATTERN, EMAIL_REQUIRED } from "@/lib/auth/messages";
import { GRANTABLE_ROLES } from "@/lib/auth/permissions";
import { ownProfileResponse, ownProfileSchema } from "@/lib/auth/schemas";
import { idSchema } from "@/lib/platform/schemas";
import { ROLES_GRANTABLE } from "./messages";

/* The administrator's users API: list, one, create, edit, activate and deactivate, organisation links. */

export const id = idSchema("Must be a positive whole number");
export const idParams = z.object({ id });
export const locationLinkParams = z.object({ id, locationId: id });

export const USER_SORTS = ["lastName", "firstName", "email", "status"] as const;
export type UserSort = (typeof USER_SORTS)[number];

const flag = z.enum(["1", "0", "true", "false"], { error: "Must be 1 or 0" }).transform((v) => v === "1" || v === "true");
const whole = z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number");

export const userListQuery = z.object({
  search: z.string().trim().max(100, "Is too long").optional().describe('Start of a first or last name ("first last" and "last, first" work) or of an email'),
  tenantMemberId: z.string().trim().max(100, "Is too long").optional().describe("Exact tenant member id"),
  admin: flag.optional().describe("1: only administrators (an administrative link, or tenant-wide)"),
  role: z.enum(ROLES, { error: "Unknown role" }).optional(),
  status: z.enum(["active", "inactive"], { error: "Must be active or inactive" }).optional().describe("active: enabled accounts"),
  orgType: z.enum(ORG_TYPES, { error: "Must be region, district or location" }).optional(),
  orgId: id.optional().describe("With orgType: only the users linked directly to that organisation"),
  sort: z.enum(USER_SORTS, { error: `Must be one of: ${USER_SORTS.join(", ")}` }).default("lastName"),
  order: z.enum(["asc", "desc"], { error: "Must be asc or desc" }).default("asc"),
  page: whole.min(1, "Must be 1 or more").max(100_000, "Is too large").default(1),
  pageSize: whole.min(1, "Must be 1 or more").max(100, "Must be 100 or fewer").default(25),
});
export type UserListQuery = z.infer<typeof userListQuery>;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message, abort: true });
const name = (label: string) => required(`${label} is required`).max(100, `${label} must be at most 100 characters`);
const emailText = required(EMAIL_REQUIRED).max(254, EMAIL_FORMAT).regex(EMAIL_PATTERN, EMAIL_FORMAT);
const tenantMemberId = z
  .string({ error: "Tenant member id must be text" })
  .trim()
  .max(100, "Tenant member id must be at most 100 characters")
  .nullish()
  .transform((v) => v || null);
const noRepeats = (v: string[]) => new Set(v).size === v.length;
const roles = z
  .array(z.enum(GRANTABLE_ROLES, { error: ROLES_GRANTABLE }), { error: "Roles must be a list" })
  .max(2, ROLES_GRANTABLE)
  .refine(noRepeats, "Roles must not repeat");
/**
 * An edit's roles as the user's read lists them: the granted ones become these, and the roles held
 * otherwise (an administrator's, through links) may be named as held but not added (the service checks).
 */
const heldRoles = z
  .array(z.enum(ROLES, { error: ROLES_GRANTABLE }), { error: "Roles must be a list" })
  .max(ROLES.length, ROLES_GRANTABLE)
  .refine(noRepeats, "Roles must not repeat");

/** One organisation link (spec: orgType, parentId, administrative, memberUniqueId). */
export const orgLinkBody = z.object({
  orgType: z.enum(ORG_TYPES, { error: "Organization type must be region, district or location" }),
  parentId: idSchema("Organization is required"),
  administrative: z
    .boolean({ error: "administrative must be true or false" })
    .default(false)
    .describe("true: the user administers the organisation (promote); false: a member (demote)"),
  memberUniqueId: z
    .string({ error: "Member unique id must be text" })
    .trim()
    .max(100, "Member unique id must be at most 100 characters")
    .nullish()
    .transform((v) => v || null),
});
export type OrgLinkInput = z.infer<typeof orgLinkBody>;
/** A change of a link: what it leaves out keeps its value (no default demotes an admin). */
export const changeOrgLinkBody = orgLinkBody.extend({
  administrative: z.boolean({ error: "administrative must be true or false" }).optional().describe("true: promote; false: demote; left out: unchanged"),
  memberUniqueId: z
    .string({ error: "Member unique id must be text" })
    .trim()
    .max(100, "Member unique id must be at most 100 characters")
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
});
export type ChangeOrgLinkInput = z.infer<typeof changeOrgLinkBody>;

export const orgLinkQuery = orgLinkBody.pick({ orgType: true, parentId: true });

export const createUserBody = z.object({
  firstName: name("First name"),
  lastName: name("Last name"),
  email: emailText.transform((v) => v.toLowerCase()),
  tenantMemberId,
  roles: roles.default([GRANTABLE_ROLES[0]]),
  organizations: z
    .array(orgLinkBody)
    .max(50, "At most 50 organizations")
    .default([])
    .describe("Links made with the account; other admins than tenant admins need at least one"),
  sendInvite: z.boolean({ error: "sendInvite must be true or false" }).default(true).describe("Mail the registration link (valid 7 days)"),
});
export type CreateUserInput = z.infer<typeof createUserBody>;

/**
 * PUT /users: the caller's own profile (id is the caller) or, for administrators, another user's
 * account: names, email, tenant member id, granted roles, and enabled / locked (activate, deactivate).
 */
export const updateUserBody = ownProfileSchema.extend({
  roles: heldRoles.optional(),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional().describe("false deactivates: sign-in refused, live sessions end"),
  locked: z.boolean({ error: "locked must be true or false" }).optional().describe("false unlocks an account locked by failed sign-ins"),
});
export type UpdateUserInput = z.infer<typeof updateUserBody>;

/* Answers. */

export const userRow = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    username: z.string(),
    enabled: z.boolean(),
    locked: z.boolean(),
    expired: z.boolean(),
    roles: z.array(z.enum(ROLES)),
    tenantMemberId: z.string().nullable(),
    isActive: z.enum(["Active", "Inactive"]).describe("Active when enabled"),
    registered: z.boolean().describe("The person has chosen a password"),
    administrative: z.boolean().describe("Holds at least one administrative organisation link"),
    organizationCount: z.number().int(),
    createdAt: z.number().int().describe("Unix seconds"),
  })
  .meta({ id: "AdminUser" });
export type UserRow = z.infer<typeof userRow>;

export const userListResponse = z.object({ users: z.array(userRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const userResponse = z.object({ user: userRow });
export const updateUserResponse = z.union([userResponse, ownProfileResponse]);

const member = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  roles: z.array(z.enum(ROLES)),
  administrative: z.boolean().describe("Administers this organisation"),
  memberUniqueId: z.string().nullable(),
});
export type Member = z.infer<typeof member>;

export const membersQuery = z.object({
  roles: z
    .string()
    .trim()
    .max(200, "Is too long")
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((r) => r.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(ROLES, { error: "Unknown role" })))
    .describe("Comma-separated roles (spec: ROLE_TEACHER lists a location's teachers)"),
  admin: flag.optional().describe("1: only its administrators; 0: only its members who are not"),
});
export const membersResponse = z.object({ members: z.array(member) });

const organization = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  orgType: z.enum(ORG_TYPES),
  parentId: z.number().int(),
  administrative: z.boolean(),
  memberUniqueId: z.string().nullable(),
});
export const organizationResponse = z.object({ organization });
export const locationLinkResponse = z.object({
  organization: organization.extend({
    nameLabel: z.string().nullable(),
    uniqueId: z.string().nullable(),
    districtId: z.number().int().nullable(),
    districtName: z.string().nullable(),
    label: z.string().nullable(),
  }),
});
export const deletedResponse = z.object({ deleted: z.literal(true) });
