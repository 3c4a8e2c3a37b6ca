import { z } from "zod";
import { idSchema, referenceSchema } from "@/lib/platform/schemas";

/* Bodies, queries and answers of the collections administration (spec §3 'Data collection (admin)', §7 'Data collections'). */

const id = idSchema("Must be a positive whole number");
/** Unix seconds from 2000 to 2100: a collection's dates, as the spec sends them. */
const unixSeconds = (label: string) => {
  const wrong = `${label} must be a date (unix seconds)`;
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : wrong) })
    .int(wrong)
    .min(946_684_800, wrong)
    .max(4_102_444_800, wrong);
};
const required = unixSeconds;
const optional = (label: string) => unixSeconds(label).nullable().optional();

/** The school year's id, or the `{ id, label }` the collection's read answers. */
const schoolYear = referenceSchema("School year is required", { label: z.string().optional() });

const collectionName = z
  .string({ error: "Collection name is required" })
  .trim()
  .min(1, "Collection name is required")
  .max(200, "Collection name must be 200 characters or fewer");

/** The spec's dates: cycle start, cycle end and enrollment end are required, the others optional. */
const dates = {
  cycleStartDate: required("Cycle start date"),
  cycleEndDate: required("Cycle end date"),
  enrollmentEndDate: required("Enrollment end date"),
  dataDisplaysDate: optional("Data displays date"),
  reportAccessDate: optional("Report access date"),
  isrAccessDate: optional("ISR access date"),
  omrAccessDate: optional("OMR access date"),
  isrTeacherDate: optional("ISR teacher date"),
};
export const DATE_FIELDS = [
  "cycleStartDate",
  "cycleEndDate",
  "enrollmentEndDate",
  "dataDisplaysDate",
  "reportAccessDate",
  "isrAccessDate",
  "omrAccessDate",
  "isrTeacherDate",
] as const;

const CYCLE_ORDER = "Cycle end date must be on or after the cycle start date";
const cycleInOrder = (v: { cycleStartDate?: number; cycleEndDate?: number }) =>
  v.cycleStartDate === undefined || v.cycleEndDate === undefined || v.cycleEndDate >= v.cycleStartDate;

/* The scoring rules the results read (migration 0009, overridden per collection by 0015). */
const points = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} must be 0 or more`)
    .max(100_000, `${label} is too large`);
const level = z
  .object({
    code: z.string({ error: "Level code is required" }).trim().min(1, "Level code is required").max(40, "Level code must be 40 characters or fewer"),
    label: z.string({ error: "Level label must be text" }).trim().max(200, "Level label must be 200 characters or fewer"),
    min: points("Level minimum"),
    max: points("Level maximum"),
  })
  .refine((l) => l.max >= l.min, { message: "Level maximum must not be below its minimum", path: ["max"] });
export const scoringSchema = z
  .looseObject({
    scaleScore: z
      .object({ min: points("Lowest scale score"), max: points("Highest scale score") })
      .refine((s) => s.max > s.min, { message: "Highest scale score must be above the lowest", path: ["max"] })
      .optional(),
    performanceLevels: z.array(level, { error: "Performance levels must be a list" }).max(12, "At most 12 performance levels").optional(),
    itemWeights: z
      .record(
        z.string().max(40),
        z.number({ error: "Item weight must be a number" }).min(0, "Item weight must be 0 or more").max(100, "Item weight must be 100 or less"),
      )
      .optional(),
    /** Per domain code or "overall": [[raw, scale], ...]; a score takes the row of the highest raw not above it. */
    rawToScale: z
      .record(
        z.string().trim().min(1, "Part is required").max(40, "Part must be 40 characters or fewer"),
        z
          .array(z.tuple([points("Raw points"), points("Scale score")], { error: "Each row is raw points and a scale score" }), {
            error: "Raw-to-scale rows must be a list",
          })
          .min(1, "A raw-to-scale table needs at least one row")
          .max(500, "At most 500 rows in a raw-to-scale table")
          .refine((rows) => new Set(rows.map((r) => r[0])).size === rows.length, "Raw points must differ from row to row"),
        { error: "Raw-to-scale tables must be an object by part" },
      )
      .optional(),
  })
  .refine((s) => JSON.stringify(s).length <= 100_000, "Scoring rules are too large");
export type Scoring = z.output<typeof scoringSchema>;

export const createCollectionBody = z
  .object({
    collectionName,
    assessmentId: idSchema("Assessment is required"),
    schoolYear,
    parentDataCollectionId: id.nullable().optional(),
    hideToken: z.boolean({ error: "Hide token must be true or false" }).optional(),
    ...dates,
  })
  .refine(cycleInOrder, { message: CYCLE_ORDER, path: ["cycleEndDate"] });

/** A PUT changes the fields it names; required dates cannot be cleared. */
export const updateCollectionBody = z
  .object({
    id,
    collectionName: collectionName.optional(),
    schoolYear: schoolYear.optional(),
    parentDataCollectionId: id.nullable().optional(),
    hideToken: z.boolean({ error: "Hide token must be true or false" }).optional(),
    cycleStartDate: dates.cycleStartDate.optional(),
    cycleEndDate: dates.cycleEndDate.optional(),
    enrollmentEndDate: dates.enrollmentEndDate.optional(),
    dataDisplaysDate: dates.dataDisplaysDate,
    reportAccessDate: dates.reportAccessDate,
    isrAccessDate: dates.isrAccessDate,
    omrAccessDate: dates.omrAccessDate,
    isrTeacherDate: dates.isrTeacherDate,
    scoring: scoringSchema.optional(),
  })
  .refine(cycleInOrder, { message: CYCLE_ORDER, path: ["cycleEndDate"] });

export type CreateCollectionInput = z.output<typeof createCollectionBody>;
export type UpdateCollectionInput = z.output<typeof updateCollectionBody>;

/** GET /data-collections without role=teacher: the administration list; role=teacher keeps the teacher view. */
export const collectionsListQuery = z.object({
  role: z.enum(["teacher"], { error: "Must be teacher" }).optional(),
  schoolYear: id.optional(),
});

/** ?admin=true selects the administration side of a path the teacher side shares (the spec's admin flag). */
export const adminFlagQuery = z.object({ admin: z.literal("true", { error: "Must be true" }) });
export const adminSupportIdQuery = adminFlagQuery.extend({ id });

const label = z.string({ error: "Label is required" }).trim().min(1, "Label is required").max(200, "Label must be 200 characters or fewer");
const code = z
  .string({ error: "Code must be text" })
  .trim()
  .max(40, "Code must be 40 characters or fewer")
  .nullable()
  .optional()
  // Left out stays left out (an edit keeps the code); "" and null clear it.
  .transform((v) => (v === undefined ? undefined : v || null));
const priority = z
  .number({ error: "Priority must be a whole number" })
  .int("Priority must be a whole number")
  .min(0, "Priority must be 0 or more")
  .max(10_000, "Priority must be 10000 or less");

export const supportBody = z.object({ label, code });
export const updateSupportBody = z.object({ id, label, code });
export type SupportInput = z.output<typeof supportBody>;

export const setsQuery = z.object({ parentDataCollectionId: id });
export const setItemInput = z.object({ parentAssessmentItemId: id, label: label.optional(), priority: priority.optional() });
export const createSetBody = z.object({
  parentDataCollectionId: id,
  label,
  code,
  priority: priority.default(0),
  items: z.array(setItemInput, { error: "Items must be a list" }).max(500, "At most 500 items in a set").default([]),
});
export const updateSetBody = z.object({ label: label.optional(), code, priority: priority.optional() });
export const setItemBody = setItemInput;
export const updateSetItemBody = z.object({ id, label: label.optional(), priority: priority.optional() });
export const setItemIdQuery = z.object({ id });
export type CreateSetInput = z.output<typeof createSetBody>;
export type UpdateSetInput = z.output<typeof updateSetBody>;
export type SetItemInput = z.output<typeof setItemBody>;
export type UpdateSetItemInput = z.output<typeof updateSetItemBody>;

export const tenantParams = z.object({ tenantId: id });
export const regionLevelParams = tenantParams.extend({ regionId: id });
export const districtLevelParams = regionLevelParams.extend({ districtId: id });
export const locationLevelParams = districtLevelParams.extend({ locationId: id });
export const tenantCollectionParams = tenantParams.extend({ collectionId: id });
export const fieldTestParams = tenantCollectionParams.extend({ locationId: id });
export const regionAssignBody = z.object({ regionId: id });
export const districtAssignBody = z.object({ districtId: id });
export const locationAssignBody = z.object({ locationId: id });

/* Answers. */

const unix = z.number().int().nullable().describe("Unix seconds");

const adminCollection = z.object({
  id: z.number().int(),
  parentTenantId: z.number().int(),
  schoolYear: z.object({ id: z.number().int(), label: z.string() }),
  parentDataCollectionId: z.number().int().nullable(),
  collectionName: z.string(),
  assessment: z.object({ id: z.number().int(), name: z.string(), taxonomy: z.string() }),
  cycleStartDate: z.number().int().describe("Unix seconds"),
  cycleEndDate: z.number().int().describe("Unix seconds"),
  enrollmentEndDate: z.number().int().describe("Unix seconds"),
  dataDisplaysDate: unix,
  reportAccessDate: unix,
  isrAccessDate: unix,
  omrAccessDate: unix,
  isrTeacherDate: unix,
  hideToken: z.boolean(),
  scoring: z.record(z.string(), z.unknown()).describe("The collection's scoring rules; its keys override the assessment's configuration"),
});
export type AdminCollection = z.infer<typeof adminCollection>;
export const adminCollectionsResponse = z.object({ dataCollections: z.array(adminCollection) });
export const adminCollectionResponse = z.object({ dataCollection: adminCollection });
export const deletedCollectionResponse = z.object({ id: z.number().int().describe("The deleted collection") });

/** The per-level listings (spec: admin list variants use snake_case names). */
const levelCollection = z.object({
  id: z.number().int(),
  parent_tenant_id: z.number().int(),
  school_year: z.string(),
  collection_name: z.string(),
  assessment_name: z.string(),
  cycle_start_date: z.number().int(),
  cycle_end_date: z.number().int(),
  enrollment_end_date: z.number().int(),
  assigned_at: z.enum(["region", "district", "location"]).describe("The level of the nearest assignment that reaches the organisation"),
});
export type LevelCollection = z.infer<typeof levelCollection>;
export const levelCollectionsResponse = z.object({ collections: z.array(levelCollection) });

const support = z.object({ id: z.number().int(), label: z.string(), code: z.string().nullable() });
export type CollectionSupport = z.infer<typeof support>;
export const adminSupportsResponse = z.object({ supports: z.array(support) });
export const adminSupportResponse = z.object({ support });

const setItem = z.object({ id: z.number().int(), parentAssessmentItemId: z.number().int(), code: z.string(), label: z.string(), priority: z.number().int() });
const set = z.object({
  id: z.number().int(),
  label: z.string(),
  code: z.string().nullable(),
  priority: z.number().int(),
  parentDataCollectionId: z.number().int(),
  items: z.array(setItem),
});
export type CollectionSetRow = z.infer<typeof set>;
export type CollectionSetItemRow = z.infer<typeof setItem>;
export const setsResponse = z.object({ dataCollectionsSets: z.array(set) });
export const setResponse = z.object({ dataCollectionsSet: set });
export const setItemsResponse = z.object({ items: z.array(setItem) });
export const removedResponse = z.object({ removed: z.number().int().describe("Rows removed") });

const assignedOrg = z.object({
  id: z.number().int().describe("The organisation's id"),
  nameLabel: z.string(),
  uniqueId: z.string().nullable(),
  parentId: z.number().int(),
  createdAt: z.number().int(),
});
export type AssignedOrg = z.infer<typeof assignedOrg>;
export const assignmentsResponse = z.object({ regions: z.array(assignedOrg), districts: z.array(assignedOrg), locations: z.array(assignedOrg) });

const locationAssignment = z.object({
  id: z.number().int().describe("The location's id"),
  nameLabel: z.string(),
  uniqueId: z.string().nullable(),
  parentId: z.number().int().describe("The location's district"),
  parentTenantId: z.number().int(),
  studentEnrollmentCount: z.number().int().describe("Active enrollments at the location"),
  assignmentCount: z.number().int().describe("Of those, the children assigned to the collection"),
});
export type LocationAssignment = z.infer<typeof locationAssignment>;
export const locationAssignmentsResponse = z.object({ locations: z.array(locationAssignment) });
export const assignResultResponse = z.object({
  assigned: z.number().int().describe("Students newly assigned to the collection"),
  unassigned: z.number().int().describe("Students whose assignment was removed"),
});

const fieldTestLocation = z.object({ id: z.number().int(), nameLabel: z.string(), uniqueId: z.string().nullable(), parentId: z.number().int() });
export type FieldTestLocation = z.infer<typeof fieldTestLocation>;
export const fieldTestsResponse = z.object({ assigned: z.array(fieldTestLocation), available: z.array(fieldTestLocation) });
