import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";
import { LOCATION_PURPOSES, PICKER_DEPTHS } from "./location-choices";

/** GET /location-choices: the picker's next level below a chosen region or district. */
export const locationChoicesQuery = z.object({
  purpose: z.enum(LOCATION_PURPOSES, { error: `Purpose must be one of ${LOCATION_PURPOSES.join(", ")}` }),
  level: z.enum(["districts", "locations"], { error: "Level must be districts or locations" }),
  parentId: idSchema("Parent id must be a positive whole number").describe("The chosen region (level districts) or district (level locations)"),
  depth: z.enum(PICKER_DEPTHS, { error: `Depth must be one of ${PICKER_DEPTHS.join(", ")}` }).optional(),
});

export const locationChoicesResponse = z.object({ locationChoices: z.array(z.object({ id: z.number().int(), name: z.string() })) });
