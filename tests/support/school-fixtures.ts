import { randomUUID } from "node:crypto";
import { db } from "@/db/client";
import {
  assessmentItems,
  assessments,
  dataCollectionDistrictAssignments,
  dataCollectionItems,
  dataCollections,
  districts,
  enrollmentAssociations,
  locations,
  regions,
  scaleEntries,
  scales,
  schoolYears,
  scores,
  studentDataCollectionAssignments,
  studentEnrollments,
  students,
} from "@/db/schema";
import { actorForSession, type Actor } from "@/lib/platform/actor";
import { decodeToken } from "@/lib/platform/session-token";
import { tokenFor } from "./api";

/** Rows of a small school world for dashboard and shell tests (each test file builds its own). */

let seq = 0;
const n = () => `${process.pid}-${++seq}`;
const DAY = 86_400_000;

/** The actor a signed-in session of the user resolves to, as a page request would see it. */
export async function actorOf(user: { id: number; tenantId: number }, activeRole?: string): Promise<Actor> {
  const claims = await decodeToken(await tokenFor(user, activeRole));
  const actor = claims && (await actorForSession(claims, "internal"));
  if (!actor) throw new Error("no actor for the test session");
  return actor;
}

export async function makeOrgTree(tenantId: number) {
  const [region] = await db()
    .insert(regions)
    .values({ tenantId, name: `Region ${n()}` })
    .returning();
  const [district] = await db()
    .insert(districts)
    .values({ tenantId, regionId: region.id, name: `District ${n()}` })
    .returning();
  const [location] = await db()
    .insert(locations)
    .values({ tenantId, districtId: district.id, name: `School ${n()}` })
    .returning();
  return { region, district, location };
}

export async function makeLocation(tenantId: number, districtId: number, active = true) {
  const [location] = await db()
    .insert(locations)
    .values({ tenantId, districtId, name: `School ${n()}`, active })
    .returning();
  return location;
}

/** A global assessment with `itemCount` items on one A-D scale. */
export async function makeAssessment(itemCount: number, taxonomy = "SUMMATIVE") {
  const [assessment] = await db()
    .insert(assessments)
    .values({ name: `Assessment ${n()}`, taxonomy })
    .returning();
  const [scale] = await db().insert(scales).values({ assessmentId: assessment.id, code: "AD", label: "A-D" }).returning();
  const [entry] = await db().insert(scaleEntries).values({ scaleId: scale.id, code: "A", label: "A", score: "1" }).returning();
  const items = await db()
    .insert(assessmentItems)
    .values(Array.from({ length: itemCount }, (_, i) => ({ assessmentId: assessment.id, scaleId: scale.id, code: `I${i + 1}`, label: `Item ${i + 1}` })))
    .returning();
  return { assessment, items, entry };
}

export async function makeSchoolYear(start: Date, end: Date) {
  const [year] = await db()
    .insert(schoolYears)
    .values({ label: `Year ${n()}`, startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) })
    .returning();
  return year;
}

/** A collection running from `startOffsetDays` to `endOffsetDays` around now, using the given items. */
export async function makeCollection(
  tenantId: number,
  options: {
    assessmentId: number;
    schoolYearId: number;
    itemIds: number[];
    startOffsetDays?: number;
    endOffsetDays?: number;
    districtId?: number;
    deleted?: boolean;
  },
) {
  const now = Date.now();
  const start = new Date(now + (options.startOffsetDays ?? -7) * DAY);
  const end = new Date(now + (options.endOffsetDays ?? 30) * DAY);
  const [collection] = await db()
    .insert(dataCollections)
    .values({
      tenantId,
      schoolYearId: options.schoolYearId,
      assessmentId: options.assessmentId,
      collectionName: `Collection ${n()}`,
      cycleStartDate: start,
      cycleEndDate: end,
      enrollmentEndDate: end,
      deletedAt: options.deleted ? new Date() : null,
    })
    .returning();
  if (options.itemIds.length) {
    await db()
      .insert(dataCollectionItems)
      .values(options.itemIds.map((assessmentItemId, i) => ({ tenantId, dataCollectionId: collection.id, assessmentItemId, sortOrder: i })));
  }
  if (options.districtId) {
    await db().insert(dataCollectionDistrictAssignments).values({ tenantId, dataCollectionId: collection.id, districtId: options.districtId });
  }
  return collection;
}

/** A child enrolled at a location, optionally rostered to a teacher. */
export async function makeEnrollment(
  tenantId: number,
  org: { regionId: number; districtId: number; locationId: number },
  options: { teacherId?: number; active?: boolean } = {},
) {
  const id = n();
  const [student] = await db()
    .insert(students)
    .values({ tenantId, tenantUniqueId: `SSID-${id}`, firstName: "Kid", lastName: `Student ${id}` })
    .returning();
  const [enrollment] = await db()
    .insert(studentEnrollments)
    .values({ tenantId, studentId: student.id, ...org, isPointOfAuthority: true, active: options.active ?? true })
    .returning();
  if (options.teacherId) {
    await db().insert(enrollmentAssociations).values({ tenantId, userId: options.teacherId, studentEnrollmentId: enrollment.id, locationId: org.locationId });
  }
  return { student, enrollment };
}

export async function assign(tenantId: number, dataCollectionId: number, studentEnrollmentIds: number[]) {
  await db()
    .insert(studentDataCollectionAssignments)
    .values(studentEnrollmentIds.map((studentEnrollmentId) => ({ tenantId, dataCollectionId, studentEnrollmentId, token: randomUUID() })));
}

export async function score(tenantId: number, dataCollectionId: number, studentEnrollmentId: number, itemIds: number[], scaleEntryId: number) {
  await db()
    .insert(scores)
    .values(itemIds.map((assessmentItemId) => ({ tenantId, dataCollectionId, studentEnrollmentId, assessmentItemId, scaleEntryId })));
}
