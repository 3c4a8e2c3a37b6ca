import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentItems, dataCollectionSetItems, dataCollectionSets } from "@/db/schema";
import type { Actor } from "@/lib/platform/actor";
import { writeAudit, type AuditOrigin } from "@/lib/platform/audit";
import { AppError, fieldError, notFound } from "@/lib/platform/errors";
import { isUniqueViolation } from "@/lib/platform/pg-errors";
import { forTenant } from "@/lib/platform/tenancy";
import { buildCollection, reachCollection } from "./admin-reach";
import type { CollectionSetItemRow, CollectionSetRow, CreateSetInput, SetItemInput, UpdateSetInput, UpdateSetItemInput } from "./admin-schemas";

/**
 * Item sets of a collection and their items (GET/POST /data-collections-sets, PUT/DELETE
 * /data-collections-sets/{id}, GET/POST/PUT/DELETE /data-collections-sets/{id}/items). A collection's
 * items are those of its sets, ordered by set priority then item priority: every change here brings
 * data_collection_items in line and recomputes the children's results in the same transaction.
 */

const itemColumns = {
  id: dataCollectionSetItems.id,
  setId: dataCollectionSetItems.setId,
  parentAssessmentItemId: dataCollectionSetItems.assessmentItemId,
  code: sql<string>`coalesce(${dataCollectionSetItems.code}, ${assessmentItems.code})`,
  label: sql<string>`coalesce(${dataCollectionSetItems.label}, ${assessmentItems.label})`,
  priority: dataCollectionSetItems.priority,
};

const setColumns = {
  id: dataCollectionSets.id,
  label: dataCollectionSets.label,
  code: dataCollectionSets.code,
  priority: dataCollectionSets.priority,
  parentDataCollectionId: dataCollectionSets.dataCollectionId,
};

async function itemsOf(actor: Actor, setIds: number[]) {
  if (!setIds.length) return [];
  return db()
    .select(itemColumns)
    .from(dataCollectionSetItems)
    .innerJoin(assessmentItems, eq(assessmentItems.id, dataCollectionSetItems.assessmentItemId))
    .where(and(eq(dataCollectionSetItems.tenantId, actor.tenantId), inArray(dataCollectionSetItems.setId, setIds)))
    .orderBy(asc(dataCollectionSetItems.priority), asc(dataCollectionSetItems.id));
}

const withoutSet = ({ setId: _, ...item }: Awaited<ReturnType<typeof itemsOf>>[number]): CollectionSetItemRow => item;

async function setsOf(actor: Actor, collectionId: number, setId?: number): Promise<CollectionSetRow[]> {
  const sets = await db()
    .select(setColumns)
    .from(dataCollectionSets)
    .where(
      and(
        eq(dataCollectionSets.tenantId, actor.tenantId),
        eq(dataCollectionSets.dataCollectionId, collectionId),
        setId ? eq(dataCollectionSets.id, setId) : undefined,
      ),
    )
    .orderBy(asc(dataCollectionSets.priority), asc(dataCollectionSets.id));
  const items = await itemsOf(
    actor,
    sets.map((s) => s.id),
  );
  return sets.map((s) => ({ ...s, items: items.filter((i) => i.setId === s.id).map(withoutSet) }));
}

/** The set's collection, within reach (reads) or to build (changes); another tenant's set is 404. */
async function setCollection(actor: Actor, setId: number, change: boolean) {
  const [set] = await db()
    .select({ collectionId: dataCollectionSets.dataCollectionId })
    .from(dataCollectionSets)
    .where(and(eq(dataCollectionSets.tenantId, actor.tenantId), eq(dataCollectionSets.id, setId)));
  if (!set) throw notFound("Item set not found");
  return change ? buildCollection(actor, set.collectionId) : reachCollection(actor, set.collectionId);
}

/** Items of the collection's assessment only; answers their labels and codes. */
async function assessmentItemsOf(assessmentId: number, ids: number[]) {
  if (!ids.length) return new Map<number, { label: string; code: string }>();
  const found = await db()
    .select({ id: assessmentItems.id, label: assessmentItems.label, code: assessmentItems.code })
    .from(assessmentItems)
    .where(and(eq(assessmentItems.assessmentId, assessmentId), inArray(assessmentItems.id, ids)));
  const byId = new Map(found.map((f) => [f.id, f]));
  const missing = ids.findIndex((i) => !byId.has(i));
  if (missing >= 0) throw fieldError(`items.${missing}.parentAssessmentItemId`, "Item is not part of the collection's assessment");
  return byId;
}

/** data_collection_items = the items of the collection's sets, in order; then the results. */
async function syncCollectionItems(actor: Actor, collectionId: number) {
  const t = actor.tenantId;
  await db().execute(sql`
    with wanted as (
      select si.assessment_item_id, row_number() over (order by min(s.priority), min(si.priority), si.assessment_item_id) as n
      from data_collection_set_items si join data_collection_sets s on s.tenant_id = ${t} and s.id = si.set_id and s.data_collection_id = ${collectionId}
      where si.tenant_id = ${t} group by si.assessment_item_id
    ), gone as (
      delete from data_collection_items ci where ci.tenant_id = ${t} and ci.data_collection_id = ${collectionId}
        and not exists (select 1 from wanted w where w.assessment_item_id = ci.assessment_item_id)
    )
    insert into data_collection_items (tenant_id, data_collection_id, assessment_item_id, sort_order)
    select ${t}, ${collectionId}, w.assessment_item_id, w.n from wanted w
    on conflict (tenant_id, data_collection_id, assessment_item_id) do update set sort_order = excluded.sort_order`);
  await db().execute(sql`select refresh_student_results(${t}, ${collectionId}, null)`);
}

const duplicateItem = (error: unknown): never => {
  if (isUniqueViolation(error, "data_collection_set_items_key"))
    throw new AppError(409, "The item is already in this set", [{ field: "parentAssessmentItemId", message: "The item is already in this set" }]);
  throw error;
};

export async function listSets(actor: Actor, collectionId: number): Promise<CollectionSetRow[]> {
  return forTenant(actor, async () => {
    await reachCollection(actor, collectionId);
    return setsOf(actor, collectionId);
  });
}

export async function createSet(actor: Actor, input: CreateSetInput, origin: AuditOrigin = {}): Promise<CollectionSetRow> {
  return forTenant(actor, async () => {
    const collection = await buildCollection(actor, input.parentDataCollectionId);
    const ids = input.items.map((i) => i.parentAssessmentItemId);
    if (new Set(ids).size !== ids.length) throw fieldError("items", "An item can be in a set only once");
    const known = await assessmentItemsOf(collection.assessmentId, ids);
    const [set] = await db()
      .insert(dataCollectionSets)
      .values({ tenantId: actor.tenantId, dataCollectionId: collection.id, label: input.label, code: input.code, priority: input.priority })
      .returning({ id: dataCollectionSets.id });
    if (input.items.length) {
      await db()
        .insert(dataCollectionSetItems)
        .values(
          input.items.map((item, i) => ({
            tenantId: actor.tenantId,
            setId: set.id,
            assessmentItemId: item.parentAssessmentItemId,
            label: item.label ?? known.get(item.parentAssessmentItemId)!.label,
            code: known.get(item.parentAssessmentItemId)!.code,
            priority: item.priority ?? i + 1,
          })),
        );
    }
    await syncCollectionItems(actor, collection.id);
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "data_collection_set",
          entityId: set.id,
          details: { dataCollectionId: collection.id, after: { label: input.label, code: input.code, priority: input.priority, items: ids } },
        },
      ],
      origin,
    );
    const [created] = await setsOf(actor, collection.id, set.id);
    return created;
  });
}

export async function updateSet(actor: Actor, setId: number, input: UpdateSetInput, origin: AuditOrigin = {}): Promise<CollectionSetRow> {
  return forTenant(actor, async () => {
    const collection = await setCollection(actor, setId, true);
    const [before] = await setsOf(actor, collection.id, setId);
    const change = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    await db()
      .update(dataCollectionSets)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(dataCollectionSets.tenantId, actor.tenantId), eq(dataCollectionSets.id, setId)));
    // Only a new priority reorders the collection's items (and so its results); the same one sent back does not.
    if (change.priority !== undefined && change.priority !== before.priority) await syncCollectionItems(actor, collection.id);
    const [after] = await setsOf(actor, collection.id, setId);
    const { items: _b, ...was } = before;
    const { items: _a, ...now } = after;
    await writeAudit(
      actor,
      [{ action: "update", entityType: "data_collection_set", entityId: setId, details: { dataCollectionId: collection.id, before: was, after: now } }],
      origin,
    );
    return after;
  });
}

/** Removing a set removes its items from the collection unless another set holds them. */
export async function deleteSet(actor: Actor, setId: number, origin: AuditOrigin = {}): Promise<number> {
  return forTenant(actor, async () => {
    const collection = await setCollection(actor, setId, true);
    const [before] = await setsOf(actor, collection.id, setId);
    await db()
      .delete(dataCollectionSets)
      .where(and(eq(dataCollectionSets.tenantId, actor.tenantId), eq(dataCollectionSets.id, setId)));
    await syncCollectionItems(actor, collection.id);
    await writeAudit(
      actor,
      [
        {
          action: "delete",
          entityType: "data_collection_set",
          entityId: setId,
          details: { dataCollectionId: collection.id, before: { label: before.label, items: before.items.map((i) => i.parentAssessmentItemId) } },
        },
      ],
      origin,
    );
    return 1;
  });
}

export async function listSetItems(actor: Actor, setId: number): Promise<CollectionSetItemRow[]> {
  return forTenant(actor, async () => {
    await setCollection(actor, setId, false);
    return (await itemsOf(actor, [setId])).map(withoutSet);
  });
}

export async function addSetItem(actor: Actor, setId: number, input: SetItemInput, origin: AuditOrigin = {}): Promise<CollectionSetItemRow[]> {
  return forTenant(actor, async () => {
    const collection = await setCollection(actor, setId, true);
    const known = await assessmentItemsOf(collection.assessmentId, [input.parentAssessmentItemId]).catch(() => {
      throw fieldError("parentAssessmentItemId", "Item is not part of the collection's assessment");
    });
    const item = known.get(input.parentAssessmentItemId)!;
    const [next] = await db()
      .select({ n: sql<number>`coalesce(max(${dataCollectionSetItems.priority}), 0) + 1`.mapWith(Number) })
      .from(dataCollectionSetItems)
      .where(and(eq(dataCollectionSetItems.tenantId, actor.tenantId), eq(dataCollectionSetItems.setId, setId)));
    const [row] = await db()
      .insert(dataCollectionSetItems)
      .values({
        tenantId: actor.tenantId,
        setId,
        assessmentItemId: input.parentAssessmentItemId,
        label: input.label ?? item.label,
        code: item.code,
        priority: input.priority ?? next.n,
      })
      .returning({ id: dataCollectionSetItems.id })
      .catch(duplicateItem);
    await syncCollectionItems(actor, collection.id);
    await writeAudit(
      actor,
      [
        {
          action: "create",
          entityType: "data_collection_set_item",
          entityId: row.id,
          details: { dataCollectionId: collection.id, setId, assessmentItemId: input.parentAssessmentItemId },
        },
      ],
      origin,
    );
    return (await itemsOf(actor, [setId])).map(withoutSet);
  });
}

export async function updateSetItem(actor: Actor, setId: number, input: UpdateSetItemInput, origin: AuditOrigin = {}): Promise<CollectionSetItemRow[]> {
  return forTenant(actor, async () => {
    const collection = await setCollection(actor, setId, true);
    const theItem = and(eq(dataCollectionSetItems.tenantId, actor.tenantId), eq(dataCollectionSetItems.setId, setId), eq(dataCollectionSetItems.id, input.id));
    const [current] = await db()
      .select({ label: dataCollectionSetItems.label, priority: dataCollectionSetItems.priority })
      .from(dataCollectionSetItems)
      .where(theItem);
    if (!current) throw notFound("Item not found");
    // Only what is named and differs: nothing named (or the item sent back as read) writes nothing.
    const change = Object.fromEntries(
      Object.entries({ label: input.label, priority: input.priority }).filter(([k, v]) => v !== undefined && v !== current[k as keyof typeof current]),
    );
    if (!Object.keys(change).length) return (await itemsOf(actor, [setId])).map(withoutSet);
    await db().update(dataCollectionSetItems).set(change).where(theItem);
    if (change.priority !== undefined) await syncCollectionItems(actor, collection.id);
    await writeAudit(
      actor,
      [{ action: "update", entityType: "data_collection_set_item", entityId: input.id, details: { dataCollectionId: collection.id, setId, after: change } }],
      origin,
    );
    return (await itemsOf(actor, [setId])).map(withoutSet);
  });
}

export async function removeSetItem(actor: Actor, setId: number, itemId: number, origin: AuditOrigin = {}): Promise<CollectionSetItemRow[]> {
  return forTenant(actor, async () => {
    const collection = await setCollection(actor, setId, true);
    const removed = await db()
      .delete(dataCollectionSetItems)
      .where(and(eq(dataCollectionSetItems.tenantId, actor.tenantId), eq(dataCollectionSetItems.setId, setId), eq(dataCollectionSetItems.id, itemId)))
      .returning({ assessmentItemId: dataCollectionSetItems.assessmentItemId });
    if (!removed.length) throw notFound("Item not found");
    await syncCollectionItems(actor, collection.id);
    await writeAudit(
      actor,
      [
        {
          action: "delete",
          entityType: "data_collection_set_item",
          entityId: itemId,
          details: { dataCollectionId: collection.id, setId, assessmentItemId: removed[0].assessmentItemId },
        },
      ],
      origin,
    );
    return (await itemsOf(actor, [setId])).map(withoutSet);
  });
}

/** The assessment's items (for the set editor's picker), in the assessment's order. */
export async function assessmentItemChoices(actor: Actor, collectionId: number) {
  return forTenant(actor, async () => {
    const collection = await reachCollection(actor, collectionId);
    return db()
      .select({ id: assessmentItems.id, code: assessmentItems.code, label: assessmentItems.label })
      .from(assessmentItems)
      .where(eq(assessmentItems.assessmentId, collection.assessmentId))
      .orderBy(asc(assessmentItems.sortOrder), asc(assessmentItems.id));
  });
}
