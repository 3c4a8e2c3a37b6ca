import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/* Create and edit bodies of POST/PUT /regions, /districts and /locations (spec §7 'Organisations'). */

const id = idSchema("Must be a positive whole number");
const nameLabel = z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(200, "Name must be 200 characters or fewer");
/** The state's own code; blank means none. */
const uniqueId = z
  .string({ error: "Unique ID must be text" })
  .trim()
  .max(50, "Unique ID must be 50 characters or fewer")
  .nullable()
  .transform((v) => (v ? v : null));
const isCensus = z.boolean({ error: "Census must be true or false" });
const active = z.boolean({ error: "Active must be true or false" });

export const createRegionBody = z.object({ nameLabel, uniqueId: uniqueId.optional() });
export const createDistrictBody = z.object({ parentRegionId: id, nameLabel, isCensus: isCensus.default(false), uniqueId: uniqueId.optional() });
export const createLocationBody = z.object({ parentDistrictId: id, nameLabel, uniqueId: uniqueId.optional() });

/** A PUT changes only the fields it names; `active: false` is the soft delete. */
const somethingToChange = (body: Record<string, unknown>) => Object.keys(body).some((k) => k !== "id" && body[k] !== undefined);
const NOTHING = { error: "Name at least one field to change" };
export const updateRegionBody = z
  .object({ id, nameLabel: nameLabel.optional(), uniqueId: uniqueId.optional(), active: active.optional() })
  .refine(somethingToChange, NOTHING);
export const updateDistrictBody = z
  .object({ id, nameLabel: nameLabel.optional(), uniqueId: uniqueId.optional(), isCensus: isCensus.optional(), active: active.optional() })
  .refine(somethingToChange, NOTHING);
export const updateLocationBody = z
  .object({ id, nameLabel: nameLabel.optional(), uniqueId: uniqueId.optional(), active: active.optional() })
  .refine(somethingToChange, NOTHING);

export type CreateRegionInput = z.output<typeof createRegionBody>;
export type CreateDistrictInput = z.output<typeof createDistrictBody>;
export type CreateLocationInput = z.output<typeof createLocationBody>;
export type UpdateRegionInput = z.output<typeof updateRegionBody>;
export type UpdateDistrictInput = z.output<typeof updateDistrictBody>;
export type UpdateLocationInput = z.output<typeof updateLocationBody>;

/* Answers. */

const orgRow = z.object({
  id: z.number().int(),
  nameLabel: z.string(),
  parentTenantId: z.number().int(),
  parentId: z.number().int().describe("The tenant of a region, the region of a district, the district of a location"),
  uniqueId: z.string().nullable(),
  active: z.boolean(),
});
export const regionResponse = z.object({ region: orgRow });
export const districtResponse = z.object({ district: orgRow.extend({ isCensus: z.boolean() }) });
export const locationResponse = z.object({ location: orgRow });
