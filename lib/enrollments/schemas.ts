import { z } from "zod";
import { TEACHER_TYPES } from "@/db/schema";
import { idSchema } from "@/lib/platform/schemas";

/* Requests. */

export const id = idSchema("Must be a positive whole number");

export const SLOTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const INPUT_KEYS = SLOTS.map((n) => `input${n}` as const);
const OPTION_KEYS = SLOTS.map((n) => `option${n}` as const);
export type CustomKey = (typeof INPUT_KEYS)[number] | (typeof OPTION_KEYS)[number];
export const CUSTOM_KEYS: readonly CustomKey[] = [...INPUT_KEYS, ...OPTION_KEYS];

/** A custom slot's value: text or a number (numeric fields); blank text is null (spec §5). */
const customValue = z
  .union([z.string().max(500, "Is too long"), z.number().finite("Must be a number"), z.null()], { error: "Must be text, a number or null" })
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() || null : v));

export const studentIdQuery = z.object({ studentId: id });
export const enrollmentIdQuery = z.object({ enrollmentId: id });

export const updateEnrollmentBody = z.object({
  id,
  priorCare: z
    .string()
    .trim()
    .max(100, "Is too long")
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** true makes this enrollment the student's point of authority (the one whose scores count). */
  isPointOfAuthority: z.boolean({ error: "Must be true or false" }).optional(),
  ...(Object.fromEntries(CUSTOM_KEYS.map((k) => [k, customValue])) as Record<CustomKey, typeof customValue>),
});
export type UpdateEnrollmentInput = z.infer<typeof updateEnrollmentBody>;

export const adminStudentParams = z.object({ tenantId: id, studentId: id });
export const adminPoaParams = adminStudentParams.extend({ poaId: id });

export const userIdQuery = z.object({ userId: id });
export const availableParams = z.object({ userId: id });
export const availableQuery = z.object({
  locationId: id.optional(),
  search: z.string().trim().max(100, "Is too long").optional(),
});
export const associationBody = z.object({ userId: id, studentEnrollmentId: id, parentLocationId: id });
export const associationIdQuery = z.object({ associationId: id });

export const assignmentBody = z.object({
  studentEnrollmentId: id,
  parentDataCollectionId: id,
  teacherType: z.enum(TEACHER_TYPES, { error: `Must be one of: ${TEACHER_TYPES.join(", ")}` }).default("Primary"),
});
export const assignmentIdQuery = z.object({ assignmentId: id });

/* Answers. */

const customValueOut = z.union([z.string(), z.number()]).nullable();

export const enrollment = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  priorCare: z.string().nullable(),
  parentRegionId: z.number().int(),
  parentDistrictId: z.number().int(),
  parentLocationId: z.number().int(),
  locationName: z.string(),
  districtName: z.string(),
  isPointOfAuthority: z.boolean(),
  active: z.boolean(),
  createdAt: z.number().int().describe("Unix seconds"),
  ...(Object.fromEntries(CUSTOM_KEYS.map((k) => [k, customValueOut])) as Record<CustomKey, typeof customValueOut>),
});
export type EnrollmentRow = z.infer<typeof enrollment>;

export const enrollmentsResponse = z.object({ enrollments: z.array(enrollment) });
export const enrollmentResponse = z.object({ enrollment, message: z.string().optional().describe("'POA changed successfully' when the POA moved") });

export const poasResponse = z.object({
  poas: z.array(
    z.object({
      id: z.number().int().describe("The enrollment id"),
      parentLocationId: z.number().int(),
      locationName: z.string(),
      districtName: z.string(),
      isPointOfAuthority: z.boolean(),
      active: z.boolean(),
    }),
  ),
});
export const poaValidationResponse = z.object({
  valid: z.boolean().describe("Whether PUT /enrollments with isPointOfAuthority true would be accepted"),
  reasons: z.array(z.string()),
});

const enrollmentAssociation = z.object({
  id: z.number().int(),
  createdAt: z.number().int().describe("Unix seconds"),
  teacherFirstName: z.string(),
  teacherLastName: z.string(),
  userId: z.number().int(),
  parentLocationId: z.number().int(),
  studentEnrollmentId: z.number().int(),
});
export type EnrollmentAssociationRow = z.infer<typeof enrollmentAssociation>;
export const enrollmentAssociationsResponse = z.object({ enrollmentAssociations: z.array(enrollmentAssociation) });

const rosterEntry = enrollmentAssociation.extend({
  studentId: z.number().int(),
  studentFirstName: z.string(),
  studentLastName: z.string(),
  tenantUniqueId: z.string().describe("The student state id"),
});
export const rosterResponse = z.object({ userStudentsAssociations: z.array(rosterEntry) });
export const associationResponse = z.object({ userStudentsAssociation: enrollmentAssociation });

const availableStudent = z.object({
  studentEnrollmentId: z.number().int(),
  studentId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  tenantUniqueId: z.string(),
  parentLocationId: z.number().int(),
  locationName: z.string(),
});
export type AvailableStudent = z.infer<typeof availableStudent>;
export const availableResponse = z.object({
  students: z.array(availableStudent),
  truncated: z.boolean().describe("More matched than the 500 listed: narrow by search"),
});

export const assignment = z.object({
  id: z.number().int(),
  createdAt: z.number().int().describe("Unix seconds"),
  studentEnrollmentId: z.number().int(),
  parentDataCollectionId: z.number().int(),
  teacherType: z.enum(TEACHER_TYPES),
  dataCollections: z.object({
    collectionName: z.string(),
    token: z.string().describe("Blank for all but tenant admins when hideToken is set"),
    cycleStartDate: z.number().int(),
    enrollmentEndDate: z.number().int(),
    cycleEndDate: z.number().int(),
    hideToken: z.boolean(),
  }),
});
export type AssignmentRow = z.infer<typeof assignment>;
export const assignmentsResponse = z.object({
  dataCollectionsStudentAssignments: z.array(assignment),
  tenantAdmin: z.boolean().describe("Whether the caller sees hidden tokens"),
});
export const assignmentResponse = z.object({ dataCollectionsStudentAssignment: assignment });

export const outputsResponse = z.object({
  dataCollectionsStudentsOutputs: z.array(
    z.object({
      id: z.number().int().nullable().describe("null while the collection has no ISR for the student"),
      status: z.enum(["No ISR", "Generated", "Deleted"]),
      dataCollectionsId: z.number().int(),
      collectionName: z.string(),
      updatedAt: z.number().int().nullable(),
    }),
  ),
});

export const deletedResponse = z.object({ deleted: z.literal(true) });
