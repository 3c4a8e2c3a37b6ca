import "server-only";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { dataCollections, schoolYears } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import { dateToUnix, toUnix } from "@/lib/platform/unix-time";

interface SchoolYearRow {
  id: number;
  label: string;
  startDate: string;
  endDate: string;
}

export const schoolYearWire = (y: SchoolYearRow) => ({ id: y.id, label: y.label, startDate: dateToUnix(y.startDate), endDate: dateToUnix(y.endDate) });

/** Every school year, newest first, each with the actor's tenant's collections in it. */
export function listSchoolYears(actor: Actor) {
  return forTenant(actor, () => schoolYearsWithCollections(actor));
}

async function schoolYearsWithCollections(actor: Actor) {
  const years = await db()
    .select({ id: schoolYears.id, label: schoolYears.label, startDate: schoolYears.startDate, endDate: schoolYears.endDate })
    .from(schoolYears)
    .orderBy(desc(schoolYears.startDate));
  if (years.length === 0) return [];
  const collections = await db()
    .select({
      id: dataCollections.id,
      schoolYearId: dataCollections.schoolYearId,
      collectionName: dataCollections.collectionName,
      cycleStartDate: dataCollections.cycleStartDate,
      cycleEndDate: dataCollections.cycleEndDate,
    })
    .from(dataCollections)
    .where(
      and(
        eq(dataCollections.tenantId, actor.tenantId),
        isNull(dataCollections.deletedAt),
        inArray(
          dataCollections.schoolYearId,
          years.map((y) => y.id),
        ),
      ),
    )
    .orderBy(asc(dataCollections.cycleStartDate));
  return years.map((y) => ({
    ...schoolYearWire(y),
    dataCollections: collections
      .filter((c) => c.schoolYearId === y.id)
      .map((c) => ({ id: c.id, collectionName: c.collectionName, cycleStartDate: toUnix(c.cycleStartDate), cycleEndDate: toUnix(c.cycleEndDate) })),
  }));
}
