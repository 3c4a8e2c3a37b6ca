"use server";

import { z } from "zod";
import { action } from "@/lib/platform/action";
import { LOCATION_PURPOSES, PICKER_DEPTHS, locationChoices } from "./location-choices";

/** The location picker's next level: the districts of a chosen region, or the locations of a chosen district (toward the picker's depth). */
export const locationChoicesAction = action(
  {
    input: z.strictObject({
      purpose: z.enum(LOCATION_PURPOSES),
      level: z.enum(["districts", "locations"]),
      parentId: z.number().int().positive(),
      depth: z.enum(PICKER_DEPTHS).optional(),
    }),
  },
  (actor, input) => locationChoices(actor, input),
);
