import { z } from "zod";
import { idSchema } from "@/lib/platform/schemas";

/** Unix seconds, the API's date format; bounded to years a school could mean (1970-2100). */
const unixSeconds = (name: string) =>
  z
    .number({ error: `${name} is required` })
    .int(`${name} must be unix seconds`)
    .min(0, `${name} is not a valid date`)
    .max(4_102_444_800, `${name} is not a valid date`);

export const createSchoolYearBody = z
  .object({
    label: z.string().trim().min(1, "Label must not be empty").max(50, "Label is too long").nullish(),
    startDate: unixSeconds("Start date"),
    endDate: unixSeconds("End date"),
  })
  .refine((b) => b.endDate > b.startDate, { message: "End date must be after the start date", path: ["endDate"] });
export type CreateSchoolYear = z.infer<typeof createSchoolYearBody>;

/** PUT /school-years {id, label?, startDate?, endDate?} (the spec's 'School year updated'); dates checked against the stored ones. */
export const updateSchoolYearBody = z.object({
  id: idSchema("Id is not valid"),
  label: z.string().trim().min(1, "Label must not be empty").max(50, "Label is too long").nullish(),
  startDate: unixSeconds("Start date").optional(),
  endDate: unixSeconds("End date").optional(),
});
export type UpdateSchoolYear = z.infer<typeof updateSchoolYearBody>;

/* Answers (response schemas). */

const unix = z.number().int().nullable().describe("Unix seconds");

export const schoolYear = z.object({
  id: z.number().int(),
  label: z.string(),
  startDate: unix,
  endDate: unix,
  dataCollections: z
    .array(z.object({ id: z.number().int(), collectionName: z.string(), cycleStartDate: unix, cycleEndDate: unix }))
    .describe("The caller's tenant's collections in the year"),
});
export const schoolYearsResponse = z.object({ schoolYears: z.array(schoolYear) });
export const schoolYearResponse = z.object({ schoolYear });
