import "server-only";
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { db } from "@/db/client";
import {
  assessments,
  dataCollectionDistrictAssignments,
  dataCollectionLocationAssignments,
  dataCollectionRegionAssignments,
  dataCollections,
  districts,
  enrollmentAssociations,
  locations,
  schoolYears,
  studentDataCollectionAssignments,
  studentEnrollments,
} from "@/db/schema";
import { authorize } from "@/lib/auth/permissions";
import type { Actor } from "@/lib/platform/actor";
import { notFound } from "@/lib/platform/errors";
import { forTenant } from "@/lib/platform/tenancy";
import { toUnix } from "@/lib/platform/unix-time";
import type { TeacherCollection } from "./schemas";

/**
 * Condition: the collection is assigned to one of the teacher's locations, or to the district or
 * region above one (an assignment covers what lies under it).
 */
export function assignedToTeacher(actor: Actor): SQL {
  const t = actor.tenantId;
  const ids = actor.orgs.filter((o) => o.orgType === "location").map((o) => o.id);
  const mine = sql`${`{${ids.join(",")}}`}::int[]`;
  return sql`(exists (select 1 from ${dataCollectionLocationAssignments} where ${dataCollectionLocationAssignments.tenantId} = ${t}
      and ${dataCollectionLocationAssignments.dataCollectionId} = ${dataCollections.id} and ${dataCollectionLocationAssignments.locationId} = any(${mine}))
    or exists (select 1 from ${dataCollectionDistrictAssignments} join ${locations} on ${locations.tenantId} = ${t}
        and ${locations.districtId} = ${dataCollectionDistrictAssignments.districtId} and ${locations.id} = any(${mine})
      where ${dataCollectionDistrictAssignments.tenantId} = ${t} and ${dataCollectionDistrictAssignments.dataCollectionId} = ${dataCollections.id})
    or exists (select 1 from ${dataCollectionRegionAssignments} join ${districts} on ${districts.tenantId} = ${t}
        and ${districts.regionId} = ${dataCollectionRegionAssignments.regionId}
      join ${locations} on ${locations.tenantId} = ${t} and ${locations.districtId} = ${districts.id} and ${locations.id} = any(${mine})
      where ${dataCollectionRegionAssignments.tenantId} = ${t} and ${dataCollectionRegionAssignments.dataCollectionId} = ${dataCollections.id}))`;
}

/** The teacher's rostered, active students assigned to the collection. */
function studentCount(actor: Actor): SQL<number> {
  const t = actor.tenantId;
  const a = studentDataCollectionAssignments;
  return sql<number>`(select count(distinct ${a.studentEnrollmentId})::int from ${a}
    join ${enrollmentAssociations} on ${enrollmentAssociations.tenantId} = ${t}
      and ${enrollmentAssociations.studentEnrollmentId} = ${a.studentEnrollmentId} and ${enrollmentAssociations.userId} = ${actor.userId}
    join ${studentEnrollments} on ${studentEnrollments.tenantId} = ${t} and ${studentEnrollments.id} = ${a.studentEnrollmentId} and ${studentEnrollments.active}
    where ${a.tenantId} = ${t} and ${a.dataCollectionId} = ${dataCollections.id})`.mapWith(Number);
}

function selectTeacherCollections(actor: Actor, id?: number) {
  return db()
    .select({
      id: dataCollections.id,
      parentTenantId: dataCollections.tenantId,
      schoolYearId: schoolYears.id,
      schoolYearLabel: schoolYears.label,
      parentDataCollectionId: dataCollections.parentDataCollectionId,
      collectionName: dataCollections.collectionName,
      taxonomy: assessments.taxonomy,
      cycleStartDate: dataCollections.cycleStartDate,
      cycleEndDate: dataCollections.cycleEndDate,
      enrollmentEndDate: dataCollections.enrollmentEndDate,
      dataDisplaysDate: dataCollections.dataDisplaysDate,
      reportAccessDate: dataCollections.reportAccessDate,
      isrAccessDate: dataCollections.isrAccessDate,
      omrAccessDate: dataCollections.omrAccessDate,
      isrTeacherDate: dataCollections.isrTeacherDate,
      studentCount: studentCount(actor),
      scoring: dataCollections.scoring,
    })
    .from(dataCollections)
    .innerJoin(assessments, eq(assessments.id, dataCollections.assessmentId))
    .innerJoin(schoolYears, eq(schoolYears.id, dataCollections.schoolYearId))
    .where(
      and(
        eq(dataCollections.tenantId, actor.tenantId),
        id === undefined ? undefined : eq(dataCollections.id, id),
        isNull(dataCollections.deletedAt),
        assignedToTeacher(actor),
      ),
    )
    .orderBy(desc(dataCollections.cycleStartDate), desc(dataCollections.id));
}

type Row = Awaited<ReturnType<typeof selectTeacherCollections>>[number];

function toWire(r: Row): TeacherCollection {
  return {
    id: r.id,
    parentTenantId: r.parentTenantId,
    schoolYear: { id: r.schoolYearId, label: r.schoolYearLabel },
    parentDataCollectionId: r.parentDataCollectionId,
    collectionName: r.collectionName,
    assessmentTaxonomy: r.taxonomy,
    cycleStartDate: toUnix(r.cycleStartDate),
    cycleEndDate: toUnix(r.cycleEndDate),
    enrollmentEndDate: toUnix(r.enrollmentEndDate),
    dataDisplaysDate: toUnix(r.dataDisplaysDate),
    reportAccessDate: toUnix(r.reportAccessDate),
    isrAccessDate: toUnix(r.isrAccessDate),
    omrAccessDate: toUnix(r.omrAccessDate),
    isrTeacherDate: toUnix(r.isrTeacherDate),
    student_count: r.studentCount,
    scoring: r.scoring,
    is_kra: r.taxonomy === "SUMMATIVE",
  };
}

/** The collections assigned to the teacher's locations, newest window first. */
export async function listTeacherCollections(actor: Actor): Promise<TeacherCollection[]> {
  authorize(actor, "collections.teacherRead");
  const rows = await forTenant(actor, () => selectTeacherCollections(actor));
  return rows.map(toWire);
}

/** One of those; another tenant's, another location's or a deleted collection answers 404. */
export async function getTeacherCollection(actor: Actor, id: number): Promise<TeacherCollection> {
  authorize(actor, "collections.teacherRead");
  const [row] = await forTenant(actor, () => selectTeacherCollections(actor, id).limit(1));
  if (!row) throw notFound();
  return toWire(row);
}
