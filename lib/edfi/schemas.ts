import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

const id = idSchema("Must be a positive whole number");

/** The Ed-Fi resources a collection is exported as, named as the Ed-Fi API's endpoints (one JSON Lines file each). */
export const EDFI_RESOURCES = ["assessments", "objectiveAssessments", "studentAssessments"] as const;
export type EdfiResource = (typeof EDFI_RESOURCES)[number];

/** GET /data-collections/{id}/edfi/{resource}. */
export const edfiParams = z.object({
  id,
  resource: z.enum(EDFI_RESOURCES, { error: "Must be assessments, objectiveAssessments or studentAssessments" }),
});

/** ?districtId: one district of the caller's reach; left out, the whole reach (a tenant admin: the state). */
export const edfiQuery = z.object({ districtId: id.optional() });
