"use server";

import { action } from "@/lib/platform/action";
import { originOf } from "@/lib/platform/audit";
import { createDistrict, createLocation, createRegion, updateDistrict, updateLocation, updateRegion } from "@/lib/organisations/admin-save";
import {
  createDistrictBody,
  createLocationBody,
  createRegionBody,
  updateDistrictBody,
  updateLocationBody,
  updateRegionBody,
} from "@/lib/organisations/admin-schemas";

/* The organisation pages' changes: the same services and checks as POST/PUT /regions, /districts, /locations. */

const manage = "organisations.manage" as const;

export const createRegionAction = action({ input: createRegionBody, permission: manage }, (actor, input, request) =>
  createRegion(actor, input, originOf({ headers: request })),
);
export const updateRegionAction = action({ input: updateRegionBody, permission: manage }, (actor, input, request) =>
  updateRegion(actor, input, originOf({ headers: request })),
);
export const createDistrictAction = action({ input: createDistrictBody, permission: manage }, (actor, input, request) =>
  createDistrict(actor, input, originOf({ headers: request })),
);
export const updateDistrictAction = action({ input: updateDistrictBody, permission: manage }, (actor, input, request) =>
  updateDistrict(actor, input, originOf({ headers: request })),
);
export const createLocationAction = action({ input: createLocationBody, permission: manage }, (actor, input, request) =>
  createLocation(actor, input, originOf({ headers: request })),
);
export const updateLocationAction = action({ input: updateLocationBody, permission: manage }, (actor, input, request) =>
  updateLocation(actor, input, originOf({ headers: request })),
);
