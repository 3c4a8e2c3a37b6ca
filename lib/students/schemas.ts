import { z } from "zod";
import { GENDERS } from "@/db/schema";
import { enrollment, updateEnrollmentBody } from "@/lib/enrollments/schemas";
import { idSchema } from "@/lib/platform/schemas";

/* Requests. */

export const id = idSchema("Must be a positive whole number");
export const idParams = z.object({ id });

export const STUDENT_SORTS = ["lastName", "firstName", "stateId", "dob", "location"] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

export const studentListQuery = z.object({
  /** A state id prefix, or the start of a first or last name (any case). */
  search: z.string().trim().max(100, "Is too long").optional(),
  locationId: id.optional(),
  districtId: id.optional(),
  status: z.enum(["active", "inactive"], { error: "Must be active or inactive" }).optional(),
  sort: z.enum(STUDENT_SORTS, { error: `Must be one of: ${STUDENT_SORTS.join(", ")}` }).default("lastName"),
  order: z.enum(["asc", "desc"], { error: "Must be asc or desc" }).default("asc"),
  page: z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(100_000, "Is too large").default(1),
  pageSize: z.coerce
    .number({ error: "Must be a whole number" })
    .int("Must be a whole number")
    .min(1, "Must be 1 or more")
    .max(100, "Must be 100 or fewer")
    .default(25),
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const stateIdParams = z.object({ stateId: z.string().trim().min(1, "Must not be empty").max(50, "Is too long") });

/** The spec's flags arrive as the string '1' (or '0'); booleans are taken too. */
const flag = z.union([z.boolean(), z.enum(["1", "0", "true", "false"])], { error: "Must be 1 or 0" }).transform((v) => v === true || v === "1" || v === "true");

const name = (max: number) => z.string({ error: "Is required" }).trim().min(1, "Must not be empty").max(max, "Is too long");
const isoDate = z
  .string({ error: "Must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "Must be a date (YYYY-MM-DD)");
const raceBit = z
  .number()
  .int()
  .refine((v) => v > 0 && v <= 512 && (v & (v - 1)) === 0, "Must be a race code value");
/** Birth dates from 1900 to 2100, as unix seconds. */
const unixSeconds = z.number().int("Must be a date (YYYY-MM-DD) or unix seconds").min(-2_208_988_800).max(4_102_444_800);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "Is too long")
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * Demographics as every client writes them. The read's forms are taken beside ours, so that what GET
 * answers can be sent back: dob in unix seconds (or dobDate), race as the sum; and the spec's creation
 * form (administration.md §4): ell, and the race choices summed. A field left out is left as it is.
 */
const demographics = z.object({
  tenantUniqueId: z
    .string({ error: "Is required" })
    .trim()
    .min(1, "Must not be empty")
    .max(50, "Is too long")
    .regex(/^[A-Za-z0-9-]*$/, "Must be letters, digits or dashes"),
  firstName: name(100),
  middleName: optionalText(100),
  lastName: name(100),
  gender: z.enum(GENDERS, { error: `Must be one of: ${GENDERS.join(", ")}` }),
  dob: z
    .union([isoDate, unixSeconds], { error: "Must be a date (YYYY-MM-DD) or unix seconds" })
    .nullable()
    .transform((v) => (typeof v === "number" ? new Date(v * 1000).toISOString().slice(0, 10) : v))
    .describe("The birth date: YYYY-MM-DD, or unix seconds as GET answers it; null clears it"),
  dobDate: isoDate.nullable().describe("The birth date as GET answers it beside dob (YYYY-MM-DD)"),
  englishLanguageLearner: flag,
  ell: flag.describe("The spec's name of englishLanguageLearner ('1' for true)"),
  /** The chosen race codes' values, summed on the server (spec: the selected race choices are summed). */
  races: z
    .array(raceBit)
    .max(10, "Is too long")
    .refine((v) => new Set(v).size === v.length, "Must not repeat a race"),
  race: z
    .number({ error: "Must be a sum of race code values" })
    .int("Must be a sum of race code values")
    .min(0, "Must be a sum of race code values")
    .max(1023, "Must be a sum of race code values")
    .describe("The race codes' values summed, as GET answers it"),
  lowSes: flag,
  specialEducation: flag,
  specialEducationDisabilityCode: optionalText(50),
  /** The child's ISR language when a request does not force one (null: English). */
  isrLanguage: z.enum(["en", "es"], { error: "Must be en or es" }).nullable(),
});
type Demographics = Partial<z.output<typeof demographics>>;

/** Two names of one field must not say different things. */
function agree(value: Demographics & { locationId?: number; parentLocationId?: number }, ctx: z.RefinementCtx) {
  const raceOf = (races?: number[]) => races?.reduce((sum, bit) => sum + bit, 0);
  const pairs: [keyof typeof value, unknown, keyof typeof value, unknown][] = [
    ["dob", value.dob, "dobDate", value.dobDate],
    ["englishLanguageLearner", value.englishLanguageLearner, "ell", value.ell],
    ["races", raceOf(value.races), "race", value.race],
    ["locationId", value.locationId, "parentLocationId", value.parentLocationId],
  ];
  for (const [name, ours, alias, theirs] of pairs) {
    if (ours !== undefined && theirs !== undefined && ours !== theirs) ctx.addIssue({ code: "custom", path: [alias], message: `Must agree with ${name}` });
  }
}

/** One value per stored column (undefined: left out), whichever name carried it. */
function columnsOf(value: Demographics) {
  const { dobDate, ell, races, race, ...rest } = value;
  return {
    ...rest,
    dob: value.dob !== undefined ? value.dob : dobDate,
    englishLanguageLearner: value.englishLanguageLearner ?? ell,
    race: races ? races.reduce((sum, bit) => sum + bit, 0) : race,
  };
}
export type StudentColumns = ReturnType<typeof columnsOf>;

export const createStudentBody = demographics
  .partial()
  .extend({
    tenantUniqueId: demographics.shape.tenantUniqueId,
    firstName: demographics.shape.firstName,
    lastName: demographics.shape.lastName,
    locationId: id.optional().describe("The point-of-authority location; parentLocationId, as GET answers it, is taken too"),
    parentLocationId: id.optional(),
  })
  .superRefine((value, ctx) => {
    agree(value, ctx);
    if (value.locationId === undefined && value.parentLocationId === undefined) ctx.addIssue({ code: "custom", path: ["locationId"], message: "Is required" });
  })
  .transform(({ locationId, parentLocationId, ...value }) => {
    const columns = columnsOf(value);
    return {
      ...columns,
      tenantUniqueId: value.tenantUniqueId,
      firstName: value.firstName,
      lastName: value.lastName,
      locationId: (locationId ?? parentLocationId)!,
      middleName: columns.middleName ?? null,
      gender: columns.gender ?? "UNKNOWN",
      dob: columns.dob ?? null,
      englishLanguageLearner: columns.englishLanguageLearner ?? false,
      race: columns.race ?? 0,
      lowSes: columns.lowSes ?? false,
      specialEducation: columns.specialEducation ?? false,
      specialEducationDisabilityCode: columns.specialEducationDisabilityCode ?? null,
    };
  });
export type CreateStudentInput = z.output<typeof createStudentBody>;

/** The spec's form: the student's demographics and, optionally, one of the child's enrollments (PUT /enrollments' fields). */
export const updateStudentBody = z.object({
  student: demographics
    .partial()
    .extend({ id })
    .superRefine(agree)
    .transform(({ id: studentId, ...value }) => ({ id: studentId, ...columnsOf(value) })),
  enrollment: updateEnrollmentBody.optional(),
});
export type UpdateStudentInput = z.output<typeof updateStudentBody>["student"];
export type EditStudentInput = z.output<typeof updateStudentBody>;

/* Answers. */

const student = z.object({
  id: z.number().int(),
  tenantUniqueId: z.string().describe("The student state id, as text (leading zeros kept)"),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.enum(GENDERS),
  dob: z.number().int().nullable().describe("Unix seconds of the birth date's midnight UTC"),
  dobDate: z.string().nullable().describe("The birth date, YYYY-MM-DD"),
  englishLanguageLearner: z.boolean(),
  race: z.number().int().describe("Sum of the race codes' values"),
  lowSes: z.boolean(),
  specialEducation: z.boolean(),
  specialEducationDisabilityCode: z.string().nullable(),
  isrLanguage: z.enum(["en", "es"]).nullable().describe("The language of the child's ISRs when a request does not force one; null: English"),
  parentLocationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  districtId: z.number().int().nullable(),
  userAssociationCount: z.number().int(),
  status: z.enum(["Active", "Inactive"]).describe("Active when a teacher has the student on a roster"),
  ageYears: z.number().int().nullable(),
  ageMonths: z.number().int().nullable().describe("Whole months of age"),
});
export type StudentRow = z.infer<typeof student>;

export const studentListResponse = z.object({
  students: z.array(student),
  races: z
    .array(z.object({ id: z.number().int(), code: z.string(), label: z.string(), value: z.number().int() }))
    .describe("The race codes (spec: the list answers students and races)"),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const studentResponse = z.object({ student });
export const editedStudentResponse = z.object({
  student,
  enrollment: enrollment.optional().describe("The enrollment after the change, when the request named one"),
});
