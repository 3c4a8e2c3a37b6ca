import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentHierarchyItems, assessmentItemEntries, assessmentItems, scales } from "@/db/schema";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { badRequest, fieldError, notFound } from "@/lib/platform/errors";
import type { CreateItem, CreateItemEntry, UpdateItem } from "./assessment-schemas";
import { assessmentOr404, itemColumns } from "./assessments";
import { auditSystem, changedFields, mapDuplicate, mapInUse, systemWork } from "./change";

/* Items of an assessment (code, label, description, place in the hierarchy, scale) and their entries. */

const work = <T>(actor: Actor, what: string, fn: () => Promise<T>) => systemWork(actor, "system.assessments", `assessment editor: ${what}`, fn);
const duplicateCode = mapDuplicate("code", "This code is already used in this assessment");

/** The item of this assessment, or 404 (an item id of another assessment is not found here). */
export async function itemOr404(assessmentId: number, id: number) {
  await assessmentOr404(assessmentId);
  const [row] = await db()
    .select(itemColumns)
    .from(assessmentItems)
    .where(and(eq(assessmentItems.assessmentId, assessmentId), eq(assessmentItems.id, id)));
  if (!row) throw notFound("Assessment item not found");
  return row;
}

/** The hierarchy item and scale an item names belong to its assessment. */
async function checkRefs(assessmentId: number, input: Partial<CreateItem>) {
  if (input.assessmentItemHierarchyId) {
    const [h] = await db()
      .select({ id: assessmentHierarchyItems.id })
      .from(assessmentHierarchyItems)
      .where(and(eq(assessmentHierarchyItems.assessmentId, assessmentId), eq(assessmentHierarchyItems.id, input.assessmentItemHierarchyId)));
    if (!h) throw fieldError("assessmentItemHierarchyId", "The hierarchy item is not part of this assessment");
  }
  if (input.scaleId) {
    const [s] = await db()
      .select({ id: scales.id })
      .from(scales)
      .where(and(eq(scales.assessmentId, assessmentId), eq(scales.id, input.scaleId)));
    if (!s) throw fieldError("scaleId", "The scale is not part of this assessment");
  }
}

const itemValues = ({ assessmentItemHierarchyId, ...rest }: Partial<CreateItem>) => ({
  ...rest,
  ...(assessmentItemHierarchyId === undefined ? {} : { hierarchyItemId: assessmentItemHierarchyId ?? null }),
});

export function listItems(actor: Actor, assessmentId: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: items", async () => {
    await assessmentOr404(assessmentId);
    return db()
      .select(itemColumns)
      .from(assessmentItems)
      .where(eq(assessmentItems.assessmentId, assessmentId))
      .orderBy(asc(assessmentItems.sortOrder), asc(assessmentItems.id));
  });
}

export function getItem(actor: Actor, assessmentId: number, itemId: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: one item", () => itemOr404(assessmentId, itemId));
}

export function createItem(actor: Actor, assessmentId: number, input: CreateItem, origin: AuditOrigin = {}) {
  return work(actor, "create an item", async () => {
    await assessmentOr404(assessmentId);
    await checkRefs(assessmentId, input);
    const [row] = await db()
      .insert(assessmentItems)
      .values({ ...itemValues(input), code: input.code, label: input.label, assessmentId })
      .returning(itemColumns)
      .catch(duplicateCode);
    await auditSystem(actor, "create", "assessment_item", row.id, { assessmentId, fields: changedFields(input) }, origin);
    return row;
  });
}

export function updateItem(actor: Actor, assessmentId: number, input: UpdateItem, origin: AuditOrigin = {}) {
  return work(actor, "update an item", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    await itemOr404(assessmentId, input.id);
    await checkRefs(assessmentId, input);
    const { id, ...values } = input;
    const [row] = await db()
      .update(assessmentItems)
      .set({ ...itemValues(values), updatedAt: new Date() })
      .where(eq(assessmentItems.id, id))
      .returning(itemColumns)
      .catch(duplicateCode);
    await auditSystem(actor, "update", "assessment_item", id, { assessmentId, fields }, origin);
    return row;
  });
}

/** An item that collections or scores use stays (409). */
export function deleteItem(actor: Actor, assessmentId: number, id: number, origin: AuditOrigin = {}) {
  return work(actor, "delete an item", async () => {
    const row = await itemOr404(assessmentId, id);
    await db().delete(assessmentItems).where(eq(assessmentItems.id, id)).catch(mapInUse("assessment item"));
    await auditSystem(actor, "delete", "assessment_item", id, { assessmentId, code: row.code }, origin);
    return { id };
  });
}

/* Item entries: the ordered content of an item (prompts, directions, rubric text). */

const entryColumns = {
  id: assessmentItemEntries.id,
  assessmentItemId: assessmentItemEntries.assessmentItemId,
  kind: assessmentItemEntries.kind,
  label: assessmentItemEntries.label,
  content: assessmentItemEntries.content,
  sortOrder: assessmentItemEntries.sortOrder,
};

export function listItemEntries(actor: Actor, assessmentId: number, itemId: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: item entries", async () => {
    await itemOr404(assessmentId, itemId);
    return db()
      .select(entryColumns)
      .from(assessmentItemEntries)
      .where(eq(assessmentItemEntries.assessmentItemId, itemId))
      .orderBy(asc(assessmentItemEntries.sortOrder), asc(assessmentItemEntries.id));
  });
}

export function createItemEntry(actor: Actor, assessmentId: number, itemId: number, input: CreateItemEntry, origin: AuditOrigin = {}) {
  return work(actor, "create an item entry", async () => {
    await itemOr404(assessmentId, itemId);
    const [row] = await db()
      .insert(assessmentItemEntries)
      .values({ ...input, assessmentItemId: itemId })
      .returning(entryColumns);
    await auditSystem(actor, "create", "assessment_item_entry", row.id, { assessmentId, itemId, fields: changedFields(input) }, origin);
    return row;
  });
}

export function updateItemEntry(
  actor: Actor,
  assessmentId: number,
  itemId: number,
  input: Partial<CreateItemEntry> & { id: number },
  origin: AuditOrigin = {},
) {
  return work(actor, "update an item entry", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    await itemOr404(assessmentId, itemId);
    const { id, ...values } = input;
    const [row] = await db()
      .update(assessmentItemEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(assessmentItemEntries.assessmentItemId, itemId), eq(assessmentItemEntries.id, id)))
      .returning(entryColumns);
    if (!row) throw notFound("Entry not found");
    await auditSystem(actor, "update", "assessment_item_entry", id, { assessmentId, itemId, fields }, origin);
    return row;
  });
}

export function deleteItemEntry(actor: Actor, assessmentId: number, itemId: number, id: number, origin: AuditOrigin = {}) {
  return work(actor, "delete an item entry", async () => {
    await itemOr404(assessmentId, itemId);
    const [row] = await db()
      .delete(assessmentItemEntries)
      .where(and(eq(assessmentItemEntries.assessmentItemId, itemId), eq(assessmentItemEntries.id, id)))
      .returning({ id: assessmentItemEntries.id });
    if (!row) throw notFound("Entry not found");
    await auditSystem(actor, "delete", "assessment_item_entry", id, { assessmentId, itemId }, origin);
    return { id };
  });
}
