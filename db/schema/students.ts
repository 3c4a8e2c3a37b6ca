import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { dataCollections, dataCollectionSupports } from "./collections";
import { createdAt, id, impliedTenantId, tenantId, tenantKey, tenantRef, timestamps, timestamptz } from "./columns";
import { users } from "./identity";
import { districts, locations, regions } from "./organisations";

export const GENDERS = ["MALE", "FEMALE", "NON-BINARY", "UNKNOWN"] as const;
export type Gender = (typeof GENDERS)[number];
export const genderEnum = pgEnum("gender", GENDERS);

/** A child. tenantUniqueId is the state student id (SSID): text, it keeps leading zeros. */
export const students = pgTable(
  "students",
  {
    id: id(),
    tenantId: tenantId(),
    tenantUniqueId: text().notNull(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    gender: genderEnum().notNull().default("UNKNOWN"),
    dob: date({ mode: "string" }),
    englishLanguageLearner: boolean().notNull().default(false),
    /** Sum of the race codes' bits (10 bits). */
    race: integer().notNull().default(0),
    lowSes: boolean().notNull().default(false),
    specialEducation: boolean().notNull().default(false),
    specialEducationDisabilityCode: text(),
    /** The language of the child's ISRs when a request does not force one: 'en' or 'es'; null means English. */
    isrLanguage: text(),
    /** The location of the current point-of-authority enrollment. */
    parentLocationId: integer(),
    /** Set when the merge tool folded this record into another. */
    mergedIntoStudentId: integer(),
    /** lower(name) in the C collation (migration 0024): the admin list's name sort and prefix search. */
    lastNameKey: text().generatedAlwaysAs(sql`lower(last_name)`),
    firstNameKey: text().generatedAlwaysAs(sql`lower(first_name)`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("students_tenant_unique_id_key").on(t.tenantId, t.tenantUniqueId),
    index("students_location_idx").on(t.tenantId, t.parentLocationId, t.lastName, t.firstName),
    /** The admin list sorted or searched by last or first name, or by birth date, or by a state id prefix (GET /students). */
    index("students_name_key_idx").on(t.tenantId, t.lastNameKey, t.firstNameKey),
    index("students_first_name_key_idx").on(t.tenantId, t.firstNameKey, t.lastNameKey),
    index("students_dob_idx").on(t.tenantId, t.dob, t.id),
    index("students_state_id_prefix_idx").on(t.tenantId, t.tenantUniqueId.op("text_pattern_ops")),
    check("students_isr_language_check", sql`${t.isrLanguage} in ('en', 'es')`),
    check("students_race_check", sql`${t.race} between 0 and 1023`),
    tenantKey("students", t),
    tenantRef("students_parent_location_fk", [t.tenantId, t.parentLocationId], locations),
    tenantRef("students_merged_into_fk", [t.tenantId, t.mergedIntoStudentId], t),
  ],
);

/** A student at a location; the point of authority is the enrollment whose scores count. */
export const studentEnrollments = pgTable(
  "student_enrollments",
  {
    id: id(),
    tenantId: impliedTenantId(),
    studentId: integer().notNull(),
    regionId: integer().notNull(),
    districtId: integer().notNull(),
    locationId: integer().notNull(),
    priorCare: text(),
    isPointOfAuthority: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    input1: text(),
    input2: text(),
    input3: text(),
    input4: text(),
    input5: text(),
    input6: text(),
    input7: text(),
    input8: text(),
    input9: text(),
    input10: text(),
    option1: text(),
    option2: text(),
    option3: text(),
    option4: text(),
    option5: text(),
    option6: text(),
    option7: text(),
    option8: text(),
    option9: text(),
    option10: text(),
    ...timestamps,
  },
  (t) => [
    index("student_enrollments_location_idx").on(t.tenantId, t.locationId, t.active),
    index("student_enrollments_student_idx").on(t.tenantId, t.studentId),
    index("student_enrollments_district_idx").on(t.tenantId, t.districtId),
    uniqueIndex("student_enrollments_one_poa_key")
      .on(t.tenantId, t.studentId)
      .where(sql`${t.isPointOfAuthority}`),
    tenantKey("student_enrollments", t),
    tenantRef("student_enrollments_student_fk", [t.tenantId, t.studentId], students),
    tenantRef("student_enrollments_region_fk", [t.tenantId, t.regionId], regions),
    tenantRef("student_enrollments_district_fk", [t.tenantId, t.districtId], districts),
    tenantRef("student_enrollments_location_fk", [t.tenantId, t.locationId], locations),
  ],
);

/** A teacher's roster entry: the teacher (user) assigned to an enrollment. */
export const enrollmentAssociations = pgTable(
  "enrollment_associations",
  {
    id: id(),
    tenantId: tenantId(),
    userId: integer().notNull(),
    studentEnrollmentId: integer().notNull(),
    locationId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("enrollment_associations_key").on(t.tenantId, t.studentEnrollmentId, t.userId),
    index("enrollment_associations_user_idx").on(t.tenantId, t.userId, t.locationId),
    index("enrollment_associations_location_idx").on(t.tenantId, t.locationId),
    tenantRef("enrollment_associations_user_fk", [t.tenantId, t.userId], users).onDelete("cascade"),
    tenantRef("enrollment_associations_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments).onDelete("cascade"),
    tenantRef("enrollment_associations_location_fk", [t.tenantId, t.locationId], locations),
  ],
);

export const TEACHER_TYPES = ["Primary", "Secondary"] as const;
export const teacherTypeEnum = pgEnum("teacher_type", TEACHER_TYPES);

/** An enrollment assigned to a data collection; token lets the KRA/ELA apps open the child's test. */
export const studentDataCollectionAssignments = pgTable(
  "student_data_collection_assignments",
  {
    id: id(),
    tenantId: tenantId(),
    studentEnrollmentId: integer().notNull(),
    dataCollectionId: integer().notNull(),
    teacherType: teacherTypeEnum().notNull().default("Primary"),
    token: text().notNull(),
    /** Note on the supports used (spec: support_comment). */
    supportComment: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("student_data_collection_assignments_key").on(t.tenantId, t.dataCollectionId, t.studentEnrollmentId),
    index("student_data_collection_assignments_enrollment_idx").on(t.tenantId, t.studentEnrollmentId),
    uniqueIndex("student_data_collection_assignments_token_key").on(t.token),
    tenantKey("student_data_collection_assignments", t),
    tenantRef("student_data_collection_assignments_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments).onDelete("cascade"),
    tenantRef("student_data_collection_assignments_collection_fk", [t.tenantId, t.dataCollectionId], dataCollections).onDelete("cascade"),
  ],
);

/** Supports a student used in a collection (spec: dataCollectionsStudentSupports). */
export const studentSupports = pgTable(
  "student_supports",
  {
    id: id(),
    tenantId: tenantId(),
    assignmentId: integer().notNull(),
    supportId: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("student_supports_key").on(t.tenantId, t.assignmentId, t.supportId),
    tenantRef("student_supports_assignment_fk", [t.tenantId, t.assignmentId], studentDataCollectionAssignments).onDelete("cascade"),
    tenantRef("student_supports_support_fk", [t.tenantId, t.supportId], dataCollectionSupports).onDelete("cascade"),
  ],
);

export const TRANSFER_STATUSES = ["pending", "approved", "declined"] as const;
export const transferStatusEnum = pgEnum("transfer_status", TRANSFER_STATUSES);

/** A request to move a child to another location; the receiving side approves or declines. */
export const transfers = pgTable(
  "transfers",
  {
    id: id(),
    tenantId: tenantId(),
    studentId: integer().notNull(),
    studentEnrollmentId: integer().notNull(),
    originLocationId: integer().notNull(),
    destinationLocationId: integer().notNull(),
    status: transferStatusEnum().notNull().default("pending"),
    requestedBy: integer(),
    decidedBy: integer(),
    decidedAt: timestamptz(),
    deleted: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("transfers_destination_idx").on(t.tenantId, t.destinationLocationId, t.status),
    index("transfers_origin_idx").on(t.tenantId, t.originLocationId, t.status),
    index("transfers_student_idx").on(t.tenantId, t.studentId),
    /** One open request per enrollment (migration 0014). */
    uniqueIndex("transfers_one_pending_key")
      .on(t.tenantId, t.studentEnrollmentId)
      .where(sql`${t.status} = 'pending' and not ${t.deleted}`),
    check("transfers_other_location_check", sql`${t.originLocationId} <> ${t.destinationLocationId}`),
    tenantRef("transfers_student_fk", [t.tenantId, t.studentId], students),
    tenantRef("transfers_enrollment_fk", [t.tenantId, t.studentEnrollmentId], studentEnrollments),
    tenantRef("transfers_origin_location_fk", [t.tenantId, t.originLocationId], locations),
    tenantRef("transfers_destination_location_fk", [t.tenantId, t.destinationLocationId], locations),
    tenantRef("transfers_requested_by_fk", [t.tenantId, t.requestedBy], users).onDelete("set null"),
    tenantRef("transfers_decided_by_fk", [t.tenantId, t.decidedBy], users).onDelete("set null"),
  ],
);
