import { eq } from "drizzle-orm";
import type { Executor } from "../client";
import {
  dataCollectionItems,
  dataCollectionRegionAssignments,
  dataCollections,
  dataCollectionSetItems,
  dataCollectionSets,
  dataCollectionSupports,
  regions,
} from "../schema";
import type { AssessmentDef } from "./assessment-content";
import type { SeededItem } from "./reference";

export interface CollectionWindow {
  cycleStartDate: Date;
  cycleEndDate: Date;
  enrollmentEndDate: Date;
  dataDisplaysDate?: Date;
  reportAccessDate?: Date;
  isrAccessDate?: Date;
  omrAccessDate?: Date;
  isrTeacherDate?: Date;
}

const DAY = 86_400_000;
const midnight = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * An eight-week window that is open on `now`: five weeks behind, three ahead (windows last six to
 * eight weeks). Displays open after two weeks, reports and ISRs after the window closes.
 */
export function openWindow(now: Date, daysBehind = 35, daysAhead = 21): CollectionWindow {
  const today = midnight(now);
  const start = new Date(today.getTime() - daysBehind * DAY);
  const end = new Date(today.getTime() + daysAhead * DAY + DAY - 1000);
  return {
    cycleStartDate: start,
    cycleEndDate: end,
    enrollmentEndDate: new Date(today.getTime() + 7 * DAY),
    dataDisplaysDate: new Date(start.getTime() + 14 * DAY),
    reportAccessDate: new Date(end.getTime() + 1000),
    isrAccessDate: new Date(end.getTime() + 7 * DAY),
    isrTeacherDate: new Date(end.getTime() + 14 * DAY),
  };
}

const SUPPORTS = ["Sign language", "Enlarged print", "Braille", "Directions in the child's home language", "Frequent breaks"];

const MATERIALS: Record<string, string | null> = {
  "selected-response": "Picture card set",
  "performance-task": "Manipulatives kit",
  observation: null,
  "learning-progression": null,
};

interface SeededCollection {
  id: number;
  items: SeededItem[];
  supportIds: number[];
}

/**
 * A data collection of a tenant with its items (in order), one set per domain, the usual supports,
 * and an assignment to every region of the tenant (which covers its districts and locations).
 */
export async function createCollection(
  executor: Executor,
  input: {
    tenantId: number;
    schoolYearId: number;
    assessmentId: number;
    def: AssessmentDef;
    items: SeededItem[];
    collectionName: string;
    window: CollectionWindow;
    createdBy?: number;
  },
): Promise<SeededCollection> {
  const { tenantId, def, items } = input;
  const [collection] = await executor
    .insert(dataCollections)
    .values({
      tenantId,
      schoolYearId: input.schoolYearId,
      assessmentId: input.assessmentId,
      collectionName: input.collectionName,
      createdBy: input.createdBy,
      ...input.window,
    })
    .returning({ id: dataCollections.id });
  const dataCollectionId = collection.id;
  const itemDef = new Map(def.items.map((i) => [i.code, i]));
  await executor.insert(dataCollectionItems).values(
    items.map((item, i) => ({
      tenantId,
      dataCollectionId,
      assessmentItemId: item.id,
      hierarchyItemId: item.hierarchyItemId,
      scaleId: item.scaleId,
      materials: MATERIALS[itemDef.get(item.code)?.itemType ?? ""] ?? null,
      sortOrder: i + 1,
    })),
  );
  const domains = def.domains.filter(([code]) => items.some((i) => i.domain === code));
  const sets = await executor
    .insert(dataCollectionSets)
    .values(domains.map(([code, label], i) => ({ tenantId, dataCollectionId, label, code, priority: i + 1 })))
    .returning({ id: dataCollectionSets.id, code: dataCollectionSets.code });
  await executor
    .insert(dataCollectionSetItems)
    .values(
      sets.flatMap((set) =>
        items
          .filter((item) => item.domain === set.code)
          .map((item, i) => ({ tenantId, setId: set.id, assessmentItemId: item.id, label: itemDef.get(item.code)?.label, code: item.code, priority: i + 1 })),
      ),
    );
  const supports = await executor
    .insert(dataCollectionSupports)
    .values(SUPPORTS.map((label, i) => ({ tenantId, dataCollectionId, label, code: `S${i + 1}` })))
    .returning({ id: dataCollectionSupports.id });
  const regionRows = await executor.select({ id: regions.id }).from(regions).where(eq(regions.tenantId, tenantId));
  if (regionRows.length) {
    await executor.insert(dataCollectionRegionAssignments).values(regionRows.map((r) => ({ tenantId, dataCollectionId, regionId: r.id })));
  }
  return { id: dataCollectionId, items, supportIds: supports.map((s) => s.id) };
}
