import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import {
  assessmentHierarchyItems,
  assessmentItems,
  dataCollectionItems,
  dataCollectionSetItems,
  dataCollectionSets,
  dataCollections,
  scaleEntries,
  scales,
} from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { forTenant } from "@/lib/platform/tenancy";
import type { CollectionHierarchyItem, CollectionItem, CollectionScale, CollectionSet } from "./content-schemas";
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
      .where(
        inArray(
          scaleEntries.scaleId,
          scaleRows.map((r) => r.id),
        ),
      )
      .orderBy(asc(scaleEntries.sortOrder), asc(scaleEntries.id));
    return scaleRows.map((r) => ({
      ...r,
      entries: entries
        .filter((e) => e.scaleId === r.id)
        .map((e) => ({ id: e.id, code: e.code, label: e.label, score: e.score === null ? null : Number(e.score), color: e.color, sortOrder: e.sortOrder })),
    }));
  });
}

/** The domain tree of the collection's assessment by sort order; parentId links a strand to its domain. */
export async function listTeacherCollectionHierarchyItems(actor: Actor, id: number): Promise<CollectionHierarchyItem[]> {
  await getTeacherCollection(actor, id);
  const h = assessmentHierarchyItems;
  return forTenant(actor, () =>
    db()
      .select({ id: h.id, parentId: h.parentId, code: h.code, label: h.label, description: h.description, sortOrder: h.sortOrder })
      .from(h)
      .innerJoin(dataCollections, and(eq(dataCollections.tenantId, actor.tenantId), eq(dataCollections.id, id)))
      .where(eq(h.assessmentId, dataCollections.assessmentId))
      .orderBy(asc(h.sortOrder), asc(h.id)),
  );
}

/** The collection's item sets by priority, each with its items by priority. */
export async function listTeacherCollectionSets(actor: Actor, id: number): Promise<CollectionSet[]> {
  await getTeacherCollection(actor, id);
  const t = actor.tenantId;
  return forTenant(actor, async () => {
    const sets = await db()
      .select({ id: dataCollectionSets.id, label: dataCollectionSets.label, code: dataCollectionSets.code, priority: dataCollectionSets.priority })
      .from(dataCollectionSets)
      .where(and(eq(dataCollectionSets.tenantId, t), eq(dataCollectionSets.dataCollectionId, id)))
      .orderBy(asc(dataCollectionSets.priority), asc(dataCollectionSets.id));
    if (!sets.length) return [];
    const s = dataCollectionSetItems;
    const items = await db()
      .select()
      .from(s)
      .where(
        and(
          eq(s.tenantId, t),
          inArray(
            s.setId,
            sets.map((r) => r.id),
          ),
        ),
      )
      .orderBy(asc(s.priority), asc(s.id));
    return sets.map((r) => ({
      ...r,
      parentDataCollectionId: id,
      setItems: items
        .filter((i) => i.setId === r.id)
        .map((i) => ({ parentAssessmentItemId: i.assessmentItemId, label: i.label, code: i.code, priority: i.priority })),
    }));
  });
}
