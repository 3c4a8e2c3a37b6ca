import { z } from "zod";
import { ORG_TYPES } from "@/db/schema";
import { idSchema } from "@/lib/platform/schemas";

/** Query flags arrive as strings: active=1 or active=true lists only active rows. */
const flag = z.enum(["1", "0", "true", "false"], { error: "Must be 1 or 0" }).transform((v) => v === "1" || v === "true");

export const id = idSchema("Must be a positive whole number");

export const orgListQuery = z.object({
  parentId: id.optional(),
  active: flag.optional(),
});
export type OrgListQuery = z.infer<typeof orgListQuery>;

export const idParams = z.object({ id });
/** GET /admin/tenants/{t}/regions.json and districts.json (spec §7): the lists above, by tenant; time is cache-busting. */
export const tenantOrgListParams = z.object({ tenantId: id });
export const tenantOrgListQuery = orgListQuery.extend({ time: z.string().max(40, "Must be 40 characters or fewer").optional() });

export const userOrganizationsQuery = z.object({ admin: flag.optional() });
/** GET /admin/tenants/{t}/users/{u}/{region|district|location}/member.json (time: cache-busting, ignored). */
export const memberParams = z.object({ tenantId: id, userId: id });
export const memberQuery = z.object({ admin: flag.optional(), time: z.string().max(40, "Must be 40 characters or fewer").optional() });

/* Answers (response schemas). */

/** Regions, districts and locations share one wire shape (spec: nameLabel, parentTenantId, parentId). */
const orgRow = z.object({
  id: z.number().int(),
  nameLabel: z.string(),
  parentTenantId: z.number().int(),
  parentId: z.number().int().describe("The tenant of a region, the region of a district, the district of a location"),
  uniqueId: z.string().nullable(),
  active: z.boolean(),
});
const districtRow = orgRow.extend({ isCensus: z.boolean() });

export const regionsResponse = z.object({ regions: z.array(orgRow) });
export const districtsResponse = z.object({ districts: z.array(districtRow) });
export const districtResponse = z.object({ district: districtRow });
export const locationsResponse = z.object({ locations: z.array(orgRow) });

const userOrganization = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  orgType: z.enum(ORG_TYPES),
  parentId: z.number().int().describe("The region, district or location"),
  administrative: z.boolean(),
  memberUniqueId: z.string().nullable(),
  nameLabel: z.string().nullable(),
  uniqueId: z.string().nullable(),
  districtId: z.number().int().nullable().describe("A location's district"),
  districtName: z.string().nullable(),
  label: z.string().nullable().describe('A location reads "location, district"'),
});
export const userOrganizationsResponse = z.object({ organizations: z.array(userOrganization) });
