import { z } from "zod";
import { ROLES } from "@/db/schema/identity";
import { EMAIL_FORMAT, EMAIL_PATTERN, EMAIL_REQUIRED } from "@/lib/auth/messages";
import { idSchema } from "@/lib/platform/schemas";

/* Inputs and answers of the system area beyond assessments: tenants, tenant admins, acknowledgements, integrations. */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);
const id = (label: string) => idSchema(`${label} is not valid`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish()
    // Left out stays left out (an edit keeps the value); "" and null clear it.
    .transform((v) => (v === undefined ? undefined : v || null));
const logoUrl = z
  .string()
  .trim()
  .max(1000, "Logo URL must be 1000 characters or fewer")
  .refine((v) => v === "" || /^(https:\/\/|\/)[^\s]*$/.test(v), "Logo URL must start with https:// or /")
  .nullish()
  // Left out stays left out (an edit keeps the logo); "" and null clear it.
  .transform((v) => (v === undefined ? undefined : v || null));
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "Host prefix may hold lowercase letters, digits and dashes only");

export const idBody = z.object({ id: id("Id") });
export const idParams = z.object({ id: id("Id") });

/** GET /tenants answers the name as `nameLabel` too: a write takes either (both: the same). */
const tenantName = {
  name: text("Name", 200).optional(),
  nameLabel: text("Name", 200).optional().describe("The name as GET /tenants lists it: taken as name"),
};
const oneName = (value: { name?: string; nameLabel?: string }, ctx: z.RefinementCtx) => {
  if (value.name !== undefined && value.nameLabel !== undefined && value.name !== value.nameLabel)
    ctx.addIssue({ code: "custom", path: ["nameLabel"], message: "Must agree with name" });
};
const named = <T extends { name?: string; nameLabel?: string }>({ nameLabel, ...rest }: T) => ({ ...rest, name: rest.name ?? nameLabel });

export const createTenantBody = z
  .object({ ...tenantName, slug: slug.optional(), logoUrl })
  .superRefine((value, ctx) => {
    oneName(value, ctx);
    if (value.name === undefined && value.nameLabel === undefined) ctx.addIssue({ code: "custom", path: ["name"], message: "Name is required" });
  })
  .transform((value) => ({ ...named(value), name: (value.name ?? value.nameLabel)! }));
export const updateTenantBody = z
  .object({ id: id("Tenant"), ...tenantName, logoUrl })
  .superRefine(oneName)
  .transform(named);
export type CreateTenant = z.infer<typeof createTenantBody>;
export type UpdateTenant = z.infer<typeof updateTenantBody>;

const email = z.string({ error: EMAIL_REQUIRED }).trim().min(1, EMAIL_REQUIRED).max(254, EMAIL_FORMAT).regex(EMAIL_PATTERN, EMAIL_FORMAT);
export const createTenantAdminBody = z.object({ tenantId: id("Tenant"), firstName: text("First name", 100), lastName: text("Last name", 100), email });
export const updateTenantAdminBody = z.object({
  id: id("Id"),
  firstName: text("First name", 100).optional(),
  lastName: text("Last name", 100).optional(),
  email: email.optional(),
  enabled: z.boolean().optional(),
});
export const tenantAdminsQuery = z.object({ tenantId: id("Tenant").optional() });
export type CreateTenantAdmin = z.infer<typeof createTenantAdminBody>;
export type UpdateTenantAdmin = z.infer<typeof updateTenantAdminBody>;

export const createAcknowledgementBody = z.object({
  text: text("Text", 10_000),
  dataCollection: z.boolean().default(false),
  tenantId: id("Tenant").nullish(),
  active: z.boolean().default(true),
});
export const updateAcknowledgementBody = z.object({
  id: id("Id"),
  text: text("Text", 10_000).optional(),
  dataCollection: z.boolean().optional(),
  tenantId: id("Tenant").nullish(),
  active: z.boolean().optional(),
});
export type CreateAcknowledgement = z.infer<typeof createAcknowledgementBody>;
export type UpdateAcknowledgement = z.infer<typeof updateAcknowledgementBody>;

export const integrationsQuery = z.object({ tenantId: id("Tenant") });
export const createIntegrationBody = z.object({
  tenantId: id("Tenant"),
  token: z.string({ error: "Token is required" }).min(20, "Token must be at least 20 characters").max(500, "Token must be 500 characters or fewer"),
  description: optionalText("Description", 500),
  clientId: text("Client id", 200),
});
export const updateIntegrationBody = z.object({
  token: z.string().min(20, "Token must be at least 20 characters").max(500, "Token must be 500 characters or fewer").optional(),
  description: optionalText("Description", 500).optional(),
  clientId: text("Client id", 200).optional(),
});
export const createLicenseBody = z.object({
  tenantId: id("Tenant"),
  tenantIntegrationId: id("Integration"),
  licenseId: text("License id", 200),
  role: z.enum(ROLES, { error: "Role is not valid" }),
});
export type CreateIntegration = z.infer<typeof createIntegrationBody>;
export type UpdateIntegration = z.infer<typeof updateIntegrationBody>;
export type CreateLicense = z.infer<typeof createLicenseBody>;

/* Answers. */

const tenantWire = z.object({ id: z.number().int(), name: z.string(), nameLabel: z.string(), slug: z.string(), logoUrl: z.string().nullable() });
export const tenantsResponse = z.object({ tenants: z.array(tenantWire) });
export const tenantResponse = z.object({ tenant: tenantWire });
const tenantAdminWire = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  tenantName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  enabled: z.boolean(),
  isActive: z.enum(["Active", "Inactive"]),
  registered: z.boolean().describe("Whether the person has chosen a password"),
});
export const tenantAdminsResponse = z.object({ tenantAdmins: z.array(tenantAdminWire) });
export const tenantAdminResponse = z.object({ tenantAdmin: tenantAdminWire });
const acknowledgementWire = z.object({
  id: z.number().int(),
  text: z.string(),
  dataCollection: z.boolean(),
  tenantId: z.number().int().nullable().describe("null: shown in every tenant"),
  tenantName: z.string().nullable(),
  active: z.boolean(),
});
export const acknowledgementsResponse = z.object({ acknowledgements: z.array(acknowledgementWire) });
export const acknowledgementResponse = z.object({ acknowledgement: acknowledgementWire });
const licenseWire = z.object({
  id: z.number().int(),
  tenantIntegrationId: z.number().int(),
  tenantId: z.number().int(),
  licenseId: z.string(),
  role: z.enum(ROLES),
});
const integrationWire = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  description: z.string().nullable(),
  clientId: z.string(),
  licenses: z.array(licenseWire),
});
export const integrationsResponse = z.object({ tenantIntegrations: z.array(integrationWire).describe("Tokens are never answered: only their hash is kept") });
export const integrationIdResponse = z.object({ id: z.number().int() });
export const licenseResponse = z.object({ tenantIntegrationLicense: licenseWire });
export const deletedResponse = z.object({ id: z.number().int() });
