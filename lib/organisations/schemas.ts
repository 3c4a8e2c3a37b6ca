import { z } from "zod";

/** Query flags arrive as strings: active=1 or active=true lists only active rows. */
const flag = z.enum(["1", "0", "true", "false"], { error: "Must be 1 or 0" }).transform((v) => v === "1" || v === "true");

export const id = z.coerce.number({ error: "Must be a number" }).int("Must be a whole number").positive("Must be a positive number").max(2_147_483_647, "Is too large");

export const orgListQuery = z.object({
  parentId: id.optional(),
  active: flag.optional(),
});
export type OrgListQuery = z.infer<typeof orgListQuery>;

export const idParams = z.object({ id });

export const userOrganizationsQuery = z.object({ admin: flag.optional() });
