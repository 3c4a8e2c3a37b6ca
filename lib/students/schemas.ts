import { z } from "zod";
import { GENDERS } from "@/db/schema";
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
  pageSize: z.coerce.number({ error: "Must be a whole number" }).int("Must be a whole number").min(1, "Must be 1 or more").max(100, "Must be 100 or fewer").default(25),
});
export type StudentListQuery = z.infer<typeof studentListQuery>;

export const stateIdParams = z.object({ stateId: z.string().trim().min(1, "Must not be empty").max(50, "Is too long") });

/** The spec's flags arrive as the string '1' (or '0'); booleans are taken too. */
const flag = z
  .union([z.boolean(), z.enum(["1", "0", "true", "false"])], { error: "Must be 1 or 0" })
  .transform((v) => v === true || v === "1" || v === "true");

const name = (max: number) => z.string({ error: "Is required" }).trim().min(1, "Must not be empty").max(max, "Is too long");
const isoDate = z
  .string({ error: "Must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date (YYYY-MM-DD)")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), "Must be a date (YYYY-MM-DD)");
const raceBit = z.number().int().refine((v) => v > 0 && v <= 512 && (v & (v - 1)) === 0, "Must be a race code value");

/** Demographics shared by create and edit. The state id stays text: leading zeros are kept. */
const studentFields = z.object({
  tenantUniqueId: z.string({ error: "Is required" }).trim().min(1, "Must not be empty").max(50, "Is too long").regex(/^[A-Za-z0-9-]*$/, "Must be letters, digits or dashes"),
  firstName: name(100),
  middleName: z.string().trim().max(100, "Is too long").nullish().transform((v) => v || null),
  lastName: name(100),
  gender: z.enum(GENDERS, { error: `Must be one of: ${GENDERS.join(", ")}` }).default("UNKNOWN"),
  dob: isoDate.nullish().transform((v) => v ?? null),
  englishLanguageLearner: flag.default(false),
  /** The chosen race codes' values, summed on the server (spec: the selected race choices are summed). */
  races: z.array(raceBit).max(10, "Is too long").refine((v) => new Set(v).size === v.length, "Must not repeat a race").default([]),
  lowSes: flag.default(false),
  specialEducation: flag.default(false),
  specialEducationDisabilityCode: z.string().trim().max(50, "Is too long").nullish().transform((v) => v || null),
  /** The child's ISR language when a request does not force one (null: English). Left out: unchanged on edit. */
  isrLanguage: z.enum(["en", "es"], { error: "Must be en or es" }).nullable().optional(),
});

export const createStudentBody = studentFields.extend({ locationId: id });
export type CreateStudentInput = z.infer<typeof createStudentBody>;

export const updateStudentBody = z.object({ student: studentFields.extend({ id }) });
export type UpdateStudentInput = z.infer<typeof updateStudentBody>["student"];

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
  races: z.array(z.object({ id: z.number().int(), code: z.string(), label: z.string(), value: z.number().int() })).describe("The race codes (spec: the list answers students and races)"),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const studentResponse = z.object({ student });
