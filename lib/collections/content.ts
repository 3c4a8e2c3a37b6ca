import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentItems, dataCollectionItems, dataCollectionSetItems, dataCollectionSets, dataCollections, scaleEntries, scales } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import type { CollectionItem, CollectionScale } from "./content-schemas";
import { getTeacherCollection } from "./queries";

/** The collection's items in their order; the detail endpoint's check (permission, visibility, 404) comes first. */
export async function listTeacherCollectionItems(actor: Actor, id: number): Promise<CollectionItem[]> {
  await getTeacherCollection(actor, id);
  const t = actor.tenantId;
  const s = dataCollectionSetItems;
  const firstSet = sql<number | null>`(select min(${s.setId}) from ${s} join ${dataCollectionSets} on ${dataCollectionSets.tenantId} = ${t}
      and ${dataCollectionSets.id} = ${s.setId} and ${dataCollectionSets.dataCollectionId} = ${id}
    where ${s.tenantId} = ${t} and ${s.assessmentItemId} = ${assessmentItems.id})`;
  const rows = await forTenant(actor, () =>
    db()
      .select({
        id: assessmentItems.id,
        code: assessmentItems.code,
        label: assessmentItems.label,
        description: assessmentItems.description,
        itemType: assessmentItems.itemType,
        sortOrder: dataCollectionItems.sortOrder,
        assessment_item_heirarchy_id: sql<number | null>`coalesce(${dataCollectionItems.hierarchyItemId}, ${assessmentItems.hierarchyItemId})`,
        parentScalesDirectoryId: sql<number | null>`coalesce(${dataCollectionItems.scaleId}, ${assessmentItems.scaleId})`,
        parentDataCollectionsSetId: firstSet,
        materials: dataCollectionItems.materials,
      })
      .from(dataCollectionItems)
      .innerJoin(assessmentItems, eq(assessmentItems.id, dataCollectionItems.assessmentItemId))
      .where(and(eq(dataCollectionItems.tenantId, t), eq(dataCollectionItems.dataCollectionId, id)))
      .orderBy(asc(dataCollectionItems.sortOrder), asc(assessmentItems.id)),
  );
  return rows;
}

/** The scales of the collection's assessment with their entries, each in order. */
export async function listTeacherCollectionScales(actor: Actor, id: number): Promise<CollectionScale[]> {
  await getTeacherCollection(actor, id);
  return forTenant(actor, async () => {
    const scaleRows = await db()
      .select({ id: scales.id, code: scales.code, label: scales.label })
      .from(scales)
      .innerJoin(dataCollections, and(eq(dataCollections.tenantId, actor.tenantId), eq(dataCollections.id, id)))
      .where(eq(scales.assessmentId, dataCollections.assessmentId))
      .orderBy(asc(scales.id));
    if (!scaleRows.length) return [];
    const entries = await db()
      .select()
      .from(scaleEntries)
      .where(inArray(scaleEntries.scaleId, scaleRows.map((r) => r.id)))
      .orderBy(asc(scaleEntries.sortOrder), asc(scaleEntries.id));
    return scaleRows.map((r) => ({
      ...r,
      entries: entries
        .filter((e) => e.scaleId === r.id)
        .map((e) => ({ id: e.id, code: e.code, label: e.label, score: e.score === null ? null : Number(e.score), color: e.color, sortOrder: e.sortOrder })),
    }));
  });
}
