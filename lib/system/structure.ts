import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { assessmentHierarchyItems, scaleEntries, scales } from "@/db/schema";
import { acrossTenants } from "@/lib/platform/across-tenants";
import type { Actor } from "@/lib/platform/actor";
import type { AuditOrigin } from "@/lib/platform/audit";
import { badRequest, fieldError, notFound } from "@/lib/platform/errors";
import type { CreateHierarchy, CreateScaleEntry, UpdateHierarchy } from "./assessment-schemas";
import { assessmentOr404, hierarchyColumns, scaleEntryColumns, scaleEntryWire } from "./assessments";
import { auditSystem, changedFields, mapDuplicate, mapInUse, systemWork } from "./change";

/* The hierarchy (domains and sub-domains) and the rating scales of an assessment. */

const work = <T>(actor: Actor, what: string, fn: () => Promise<T>) => systemWork(actor, "system.assessments", `assessment editor: ${what}`, fn);
const duplicateCode = mapDuplicate("code", "This code is already used in this assessment");

async function hierarchyOr404(assessmentId: number, id: number) {
  const [row] = await db()
    .select(hierarchyColumns)
    .from(assessmentHierarchyItems)
    .where(and(eq(assessmentHierarchyItems.assessmentId, assessmentId), eq(assessmentHierarchyItems.id, id)));
  if (!row) throw notFound("Hierarchy item not found");
  return row;
}

/** A parent of the same assessment that is not the item itself nor below it (no cycles). */
async function checkParent(assessmentId: number, parentId: number | null | undefined, selfId?: number) {
  if (!parentId) return;
  const rows = await db()
    .select({ id: assessmentHierarchyItems.id, parentId: assessmentHierarchyItems.parentId })
    .from(assessmentHierarchyItems)
    .where(eq(assessmentHierarchyItems.assessmentId, assessmentId));
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!parentOf.has(parentId)) throw fieldError("parentId", "The parent is not part of this assessment");
  for (let at: number | null | undefined = parentId; at; at = parentOf.get(at)) {
    if (at === selfId) throw fieldError("parentId", "A hierarchy item cannot sit under itself");
  }
}

export function listHierarchy(actor: Actor, assessmentId: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: hierarchy", async () => {
    await assessmentOr404(assessmentId);
    return db()
      .select(hierarchyColumns)
      .from(assessmentHierarchyItems)
      .where(eq(assessmentHierarchyItems.assessmentId, assessmentId))
      .orderBy(asc(assessmentHierarchyItems.sortOrder), asc(assessmentHierarchyItems.id));
  });
}

export function createHierarchyItem(actor: Actor, assessmentId: number, input: CreateHierarchy, origin: AuditOrigin = {}) {
  return work(actor, "create a hierarchy item", async () => {
    await assessmentOr404(assessmentId);
    await checkParent(assessmentId, input.parentId);
    const [row] = await db()
      .insert(assessmentHierarchyItems)
      .values({ ...input, assessmentId, parentId: input.parentId ?? null })
      .returning(hierarchyColumns)
      .catch(duplicateCode);
    await auditSystem(actor, "create", "assessment_hierarchy_item", row.id, { assessmentId, fields: changedFields(input) }, origin);
    return row;
  });
}

export function updateHierarchyItem(actor: Actor, assessmentId: number, input: UpdateHierarchy, origin: AuditOrigin = {}) {
  return work(actor, "update a hierarchy item", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    await hierarchyOr404(assessmentId, input.id);
    await checkParent(assessmentId, input.parentId, input.id);
    const { id, ...values } = input;
    const [row] = await db()
      .update(assessmentHierarchyItems)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(assessmentHierarchyItems.id, id))
      .returning(hierarchyColumns)
      .catch(duplicateCode);
    await auditSystem(actor, "update", "assessment_hierarchy_item", id, { assessmentId, fields }, origin);
    return row;
  });
}

/** Deleting a domain deletes its sub-domains; its items stay, without a hierarchy item. */
export function deleteHierarchyItem(actor: Actor, assessmentId: number, id: number, origin: AuditOrigin = {}) {
  return work(actor, "delete a hierarchy item", async () => {
    const row = await hierarchyOr404(assessmentId, id);
    await db().delete(assessmentHierarchyItems).where(eq(assessmentHierarchyItems.id, id)).catch(mapInUse("hierarchy item"));
    await auditSystem(actor, "delete", "assessment_hierarchy_item", id, { assessmentId, code: row.code }, origin);
    return { id };
  });
}

/* Scales and their entries (the values a teacher can give). */

const scaleColumns = { id: scales.id, assessmentId: scales.assessmentId, code: scales.code, label: scales.label };

async function scaleOr404(assessmentId: number, id: number) {
  const [row] = await db()
    .select(scaleColumns)
    .from(scales)
    .where(and(eq(scales.assessmentId, assessmentId), eq(scales.id, id)));
  if (!row) throw notFound("Scale not found");
  return row;
}

const entriesOf = async (scaleId: number) =>
  (
    await db().select(scaleEntryColumns).from(scaleEntries).where(eq(scaleEntries.scaleId, scaleId)).orderBy(asc(scaleEntries.sortOrder), asc(scaleEntries.id))
  ).map(scaleEntryWire);

export function listScales(actor: Actor, assessmentId: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: scales", async () => {
    await assessmentOr404(assessmentId);
    const rows = await db().select(scaleColumns).from(scales).where(eq(scales.assessmentId, assessmentId)).orderBy(asc(scales.id));
    return Promise.all(rows.map(async (s) => ({ ...s, entries: await entriesOf(s.id) })));
  });
}

export function createScale(actor: Actor, assessmentId: number, input: { code: string; label: string }, origin: AuditOrigin = {}) {
  return work(actor, "create a scale", async () => {
    await assessmentOr404(assessmentId);
    const [row] = await db()
      .insert(scales)
      .values({ ...input, assessmentId })
      .returning(scaleColumns)
      .catch(duplicateCode);
    await auditSystem(actor, "create", "scale", row.id, { assessmentId, fields: changedFields(input) }, origin);
    return { ...row, entries: [] };
  });
}

export function updateScale(actor: Actor, assessmentId: number, input: { id: number; code?: string; label?: string }, origin: AuditOrigin = {}) {
  return work(actor, "update a scale", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    await scaleOr404(assessmentId, input.id);
    const { id, ...values } = input;
    const [row] = await db()
      .update(scales)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(scales.id, id))
      .returning(scaleColumns)
      .catch(duplicateCode);
    await auditSystem(actor, "update", "scale", id, { assessmentId, fields }, origin);
    return { ...row, entries: await entriesOf(id) };
  });
}

export function deleteScale(actor: Actor, assessmentId: number, id: number, origin: AuditOrigin = {}) {
  return work(actor, "delete a scale", async () => {
    const row = await scaleOr404(assessmentId, id);
    await db().delete(scales).where(eq(scales.id, id)).catch(mapInUse("scale"));
    await auditSystem(actor, "delete", "scale", id, { assessmentId, code: row.code }, origin);
    return { id };
  });
}

export function listScaleEntries(actor: Actor, assessmentId: number, scaleId: number) {
  return acrossTenants(actor, "system.assessments", "assessment editor: scale entries", async () => {
    await scaleOr404(assessmentId, scaleId);
    return entriesOf(scaleId);
  });
}

const entryValues = (input: Partial<CreateScaleEntry>) => ({
  ...input,
  score: input.score === undefined ? undefined : input.score === null ? null : String(input.score),
});
const duplicateEntry = mapDuplicate("code", "This code is already used in this scale");

export function createScaleEntry(actor: Actor, assessmentId: number, scaleId: number, input: CreateScaleEntry, origin: AuditOrigin = {}) {
  return work(actor, "create a scale entry", async () => {
    await scaleOr404(assessmentId, scaleId);
    const [row] = await db()
      .insert(scaleEntries)
      .values({ ...entryValues(input), code: input.code, label: input.label, scaleId })
      .returning(scaleEntryColumns)
      .catch(duplicateEntry);
    await auditSystem(actor, "create", "scale_entry", row.id, { assessmentId, scaleId, fields: changedFields(input) }, origin);
    return scaleEntryWire(row);
  });
}

export function updateScaleEntry(
  actor: Actor,
  assessmentId: number,
  scaleId: number,
  input: Partial<CreateScaleEntry> & { id: number },
  origin: AuditOrigin = {},
) {
  return work(actor, "update a scale entry", async () => {
    const fields = changedFields(input);
    if (fields.length === 0) throw badRequest("Name at least one field to change");
    await scaleOr404(assessmentId, scaleId);
    const { id, ...values } = input;
    const [row] = await db()
      .update(scaleEntries)
      .set(entryValues(values))
      .where(and(eq(scaleEntries.scaleId, scaleId), eq(scaleEntries.id, id)))
      .returning(scaleEntryColumns)
      .catch(duplicateEntry);
    if (!row) throw notFound("Scale entry not found");
    await auditSystem(actor, "update", "scale_entry", id, { assessmentId, scaleId, fields }, origin);
    return scaleEntryWire(row);
  });
}

/** A scale entry some score uses stays (409): the score would lose its value. */
export function deleteScaleEntry(actor: Actor, assessmentId: number, scaleId: number, id: number, origin: AuditOrigin = {}) {
  return work(actor, "delete a scale entry", async () => {
    await scaleOr404(assessmentId, scaleId);
    const [row] = await db()
      .delete(scaleEntries)
      .where(and(eq(scaleEntries.scaleId, scaleId), eq(scaleEntries.id, id)))
      .returning({ id: scaleEntries.id })
      .catch(mapInUse("scale entry"));
    if (!row) throw notFound("Scale entry not found");
    await auditSystem(actor, "delete", "scale_entry", id, { assessmentId, scaleId }, origin);
    return { id };
  });
}
